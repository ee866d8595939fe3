#!/bin/sh
# Installs Bazaar for you alone, in your home folder (no administrator rights needed):
#   the program      ~/.local/opt/bazaar/            (with uninstall.sh beside it)
#   a command        ~/.local/bin/bazaar
#   the menu entry   ~/.local/share/applications/bazaar.desktop
#   the icon         ~/.local/share/icons/hicolor/256x256/apps/bazaar.png
# Run it from the unpacked download: ./install.sh. Running it again replaces the program;
# saved games and settings live elsewhere (~/.local/share/Bazaar, ~/.config/Bazaar) and are kept.
# A ~/.local/bin/bazaar that is not our link (another program's) is moved aside to
# ~/.local/bin/bazaar.before-bazaar rather than overwritten, and uninstall.sh puts it back;
# when that name is taken too, nothing is changed. Last, it says how to start the command:
# ~/.local/bin is not on every PATH.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
share=${XDG_DATA_HOME:-$HOME/.local/share}
app=$HOME/.local/opt/bazaar
bin=$HOME/.local/bin
link=$bin/bazaar
backup=$link.before-bazaar

if [ ! -x "$here/bazaar/bazaar" ]; then
    echo "install.sh: run me from the unpacked Bazaar folder ($here/bazaar/bazaar is missing)" >&2
    exit 1
fi
# ours: the link an earlier install made; anything else at that name (a file, a folder, another
# link, even a broken one) is someone else's
foreign=no
if [ -L "$link" ] && [ "$(readlink "$link")" = "$app/bazaar" ]; then
    :
elif [ -e "$link" ] || [ -L "$link" ]; then
    foreign=yes
    if [ -e "$backup" ] || [ -L "$backup" ]; then
        echo "install.sh: $link is not Bazaar's, and $backup, where it would be kept, exists too;" >&2
        echo "  nothing was changed: move one of them away and run install.sh again" >&2
        exit 1
    fi
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
if [ "$foreign" = yes ]; then
    mv "$link" "$backup"
else
    rm -f "$link"
fi
ln -s "$app/bazaar" "$link"
cp "$app/_internal/assets/icon.png" "$share/icons/hicolor/256x256/apps/bazaar.png"
# the menu entry starts the program by its full path: ~/.local/bin is not on every desktop's PATH
sed "s|^Exec=.*|Exec=\"$app/bazaar\"|" "$here/bazaar.desktop" >"$share/applications/bazaar.desktop"
chmod 644 "$share/applications/bazaar.desktop"

# let the desktop see the change now rather than at the next login (either tool may be absent)
update-desktop-database -q "$share/applications" 2>/dev/null || true
gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true

echo "Bazaar is installed: find it in your applications menu."
if [ "$foreign" = yes ]; then
    echo "The $link that was there is kept as $backup;"
    echo "  uninstall.sh puts it back."
fi
case ":$PATH:" in
    *":$bin:"* | *":$bin/:"*)
        found=$(command -v bazaar || true)
        if [ "$found" = "$link" ] || [ "$found" = "$bin//bazaar" ]; then
            echo "In a terminal, type: bazaar"
        else
            echo "In a terminal, 'bazaar' starts another program ($found), which comes first on"
            echo "  your PATH; start Bazaar by its full path: $link"
        fi
        ;;
    *)
        echo "$bin is not on your PATH, so typing 'bazaar' in a terminal finds nothing yet."
        echo "  Start it by its full path: $link"
        echo "  or add this line to ~/.bashrc (~/.zshrc for zsh) and open a new terminal:"
        # the line as it is to be written, $HOME and $PATH unexpanded
        # shellcheck disable=SC2016
        echo '    export PATH="$HOME/.local/bin:$PATH"'
        echo "  (Some systems put it on the PATH by themselves from your next login on.)"
        ;;
esac
echo "To remove it: $app/uninstall.sh"
