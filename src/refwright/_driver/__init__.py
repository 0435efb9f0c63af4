"""The browser underneath: finding a Chromium, the command watchdog, selector engines, notes about what a
command caused, and the one module that touches Playwright's private API."""
