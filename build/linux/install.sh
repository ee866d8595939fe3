#!/bin/sh
# Installs Bazaar for you alone, in your home folder (no administrator rights needed):
#   the program      ~/.local/opt/bazaar/            (with uninstall.sh beside it)
#   a command        ~/.local/bin/bazaar
#   the menu entry   ~/.local/share/applications/bazaar.desktop
#   the icon         ~/.local/share/icons/hicolor/256x256/apps/bazaar.png
# Run it from the unpacked download: ./install.sh. Running it again replaces the program;
# saved games and settings live elsewhere (~/.local/share/Bazaar, ~/.config/Bazaar) and are kept.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
share=${XDG_DATA_HOME:-$HOME/.local/share}
app=$HOME/.local/opt/bazaar
bin=$HOME/.local/bin

if [ ! -x "$here/bazaar/bazaar" ]; then
    echo "install.sh: run me from the unpacked Bazaar folder ($here/bazaar/bazaar is missing)" >&2
    exit 1
fi
if [ -e "$app" ]; then
    if [ ! -x "$app/bazaar" ] || [ ! -d "$app/_internal" ]; then
        echo "install.sh: $app exists and is not a Bazaar install; leaving it alone" >&2
        exit 1
    fi
    rm -rf "$app"
fi

mkdir -p "$(dirname "$app")" "$bin" "$share/applications" "$share/icons/hicolor/256x256/apps"
cp -R "$here/bazaar" "$app"
cp "$here/uninstall.sh" "$app/uninstall.sh"
chmod 755 "$app/uninstall.sh"
ln -sf "$app/bazaar" "$bin/bazaar"
cp "$app/_internal/assets/icon.png" "$share/icons/hicolor/256x256/apps/bazaar.png"
# the menu entry starts the program by its full path: ~/.local/bin is not on every desktop's PATH
sed "s|^Exec=.*|Exec=\"$app/bazaar\"|" "$here/bazaar.desktop" >"$share/applications/bazaar.desktop"
chmod 644 "$share/applications/bazaar.desktop"

# let the desktop see the change now rather than at the next login (either tool may be absent)
update-desktop-database -q "$share/applications" 2>/dev/null || true
gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true

echo "Bazaar is installed: find it in your applications menu, or run $bin/bazaar"
echo "To remove it: $app/uninstall.sh"
