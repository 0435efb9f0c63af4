"""Files: the output folder and the paths under it, uploads, and saved states (encrypted)."""
