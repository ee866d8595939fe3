"""The Ubongo table, its round and final sheets, and practice."""
