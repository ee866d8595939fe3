#!/bin/sh
# Packs dist/Bazaar.app (make dist on macOS) into dist/bazaar-VERSION-macos.dmg: a compressed disk
# image holding the app and a link to Applications, so installing is one drag.
set -eu
cd "$(dirname "$0")/../.."
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -n 1)
stage=build/work/dmg
out=dist/bazaar-$version-macos.dmg
[ -d dist/Bazaar.app ] || { echo "make_dmg.sh: no dist/Bazaar.app: run make dist on macOS" >&2; exit 1; }

# An app whose signature does not hold is killed on Apple silicon, or called "damaged": never
# pack one. ditto copies the bundle as it is (symlinks, attributes), and the copy is checked too.
verify() {
    codesign --verify --deep --strict --verbose=2 "$1" || {
        echo "make_dmg.sh: the signature of $1 does not hold" >&2
        exit 1
    }
}
verify dist/Bazaar.app
rm -rf "$stage" "$out"
mkdir -p "$stage"
ditto dist/Bazaar.app "$stage/Bazaar.app"
verify "$stage/Bazaar.app"
ln -s /Applications "$stage/Applications"
# hdiutil now and then fails with "Resource busy" on CI machines (a known flake): try again
tries=0
until hdiutil create -volname "Bazaar $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$out"; do
    tries=$((tries + 1))
    [ "$tries" -lt 5 ] || exit 1
    sleep 5
done
echo "$out"
