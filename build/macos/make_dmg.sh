#!/bin/sh
# Packs dist/Bazaar.app (make dist on macOS) into dist/bazaar-VERSION-macos.dmg: a compressed disk
# image holding the app and a link to Applications, so installing is one drag.
set -eu
cd "$(dirname "$0")/../.."
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -n 1)
stage=build/work/dmg
out=dist/bazaar-$version-macos.dmg
[ -d dist/Bazaar.app ] || { echo "make_dmg.sh: no dist/Bazaar.app: run make dist on macOS" >&2; exit 1; }

rm -rf "$stage" "$out"
mkdir -p "$stage"
cp -R dist/Bazaar.app "$stage/"
ln -s /Applications "$stage/Applications"
# hdiutil now and then fails with "Resource busy" on CI machines (a known flake): try again
tries=0
until hdiutil create -volname "Bazaar $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$out"; do
    tries=$((tries + 1))
    [ "$tries" -lt 5 ] || exit 1
    sleep 5
done
echo "$out"
