"""The bundled demo app (a signup flow) and a loopback server for it."""

from ._site import DemoServer

__all__ = ["DemoServer"]
