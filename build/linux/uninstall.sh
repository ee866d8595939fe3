#!/bin/sh
# Removes what install.sh put in your home folder. Saved games and settings are kept
# (delete ~/.local/share/Bazaar and ~/.config/Bazaar yourself to remove them too).
# The ~/.local/bin/bazaar that install.sh moved aside (to bazaar.before-bazaar) is put back when
# the name is free again: when the link there is still ours, or gone. Something else put there
# since is left alone, and so is the kept file then.
set -eu
share=${XDG_DATA_HOME:-$HOME/.local/share}
app=$HOME/.local/opt/bazaar
link=$HOME/.local/bin/bazaar
backup=$link.before-bazaar

rm -f "$share/applications/bazaar.desktop" "$share/icons/hicolor/256x256/apps/bazaar.png"
if [ -L "$link" ] && [ "$(readlink "$link")" = "$app/bazaar" ]; then
    rm -f "$link"
fi
if [ -e "$backup" ] || [ -L "$backup" ]; then
    if [ -e "$link" ] || [ -L "$link" ]; then
        echo "$link is not Bazaar's any more, so the one install.sh found there"
        echo "  is still kept as $backup"
    else
        mv "$backup" "$link"
        echo "The $link that was there before Bazaar is back."
    fi
fi
if [ -x "$app/bazaar" ] && [ -d "$app/_internal" ]; then
    rm -rf "$app"
fi

# let the desktop see the change now rather than at the next login (either tool may be absent)
update-desktop-database -q "$share/applications" 2>/dev/null || true
gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true

echo "Bazaar is uninstalled. Your saved games and settings are kept in"
echo "  ${XDG_DATA_HOME:-$HOME/.local/share}/Bazaar and ${XDG_CONFIG_HOME:-$HOME/.config}/Bazaar"
