"""The console: a local web page to start, watch, approve and review agent runs.

    async with refwright.launch() as browser:
        async with ConsoleServer(Console(browser)) as server:
            print(server.url)

Other processes report their runs to it with :class:`ConsoleClient` (``refwright agent --console URL``).
Approvals go through one hook, :data:`refwright.agent.Approver`; the console is one implementation of it.
"""

from ..agent import ApprovalRequest, Approver, Decision
from ._client import ConsoleClient, RunReporter, run_reported
from ._console import Console
from ._desk import ApprovalDesk
from ._host import ConsoleServer
from ._recording import RecordingConsole

__all__ = ["ApprovalDesk", "ApprovalRequest", "Approver", "Console", "ConsoleClient", "ConsoleServer",
           "Decision", "RecordingConsole", "RunReporter", "run_reported"]
