"""The audit engine (``audit.js``): readable text and the accessibility audit, run in the page runtime's
isolated world."""
