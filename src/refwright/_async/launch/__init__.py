"""Starting a browser: Chromium launched, attached over CDP or from a person's own profile, and the network
guard wired in front of it."""
