#!/bin/sh
# Packs the Linux bundle (make dist) with its installer into dist/bazaar-VERSION-linux-ARCH.tar.gz:
#   bazaar-VERSION/bazaar/ (the program), install.sh, uninstall.sh, bazaar.desktop
set -eu
cd "$(dirname "$0")/../.."
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -n 1)
name=bazaar-$version
stage=build/work/linux
[ -x dist/bazaar/bazaar ] || { echo "package.sh: no bundle in dist/bazaar: run make dist" >&2; exit 1; }

rm -rf "$stage"
mkdir -p "$stage/$name"
cp -a dist/bazaar "$stage/$name/bazaar"
cp build/linux/install.sh build/linux/uninstall.sh build/linux/bazaar.desktop "$stage/$name/"
chmod 755 "$stage/$name/install.sh" "$stage/$name/uninstall.sh"
tar -C "$stage" -czf "dist/$name-linux-$(uname -m).tar.gz" "$name"
echo "dist/$name-linux-$(uname -m).tar.gz"
