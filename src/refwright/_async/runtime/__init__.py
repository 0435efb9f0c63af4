"""The bridge to the page runtime: the channel every call into the page goes through, its route into
Playwright's utility world, the engine's registration, snapshots through frames, and page vitals."""
