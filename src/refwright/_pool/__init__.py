"""SessionPool: isolated sessions over local and remote browsers (async), and its sync facade."""
