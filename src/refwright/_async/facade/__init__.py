"""The public classes: ``Browser``, ``Page`` and a page's typed parts (tabs, dialogs, storage, the network API,
the keyboard, mouse and clipboard). Thin and typed: each holds its implementation and enters the pipeline;
none keeps state of its own."""
