"""What Chromium itself says, kept for the e2e tests: its stderr in a file, and the state of the
machine when a page dies.

Why: a renderer crash reaches Playwright as a bare "Target crashed", with no reason. Chromium's
own words (a V8 "Fatal process out of memory", a signal and its stack, a failed allocation) go
to its stderr, which Playwright keeps to itself; the kernel's OOM killer writes to dmesg. So the
session's Chromium runs through a two-line wrapper that appends its stderr to
``e2e/artifacts/chromium-<pid>.log`` and writes its pid (``exec`` keeps it), and a crash is
reported with that log, the memory left on the machine and what our Chromium's renderers hold.
"""

from __future__ import annotations

import os
import shlex
import struct
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

# Lines Chromium writes on every start in this sandbox (no D-Bus, no GPU): noise, not reasons.
NOISE = ("dbus/", "bluez_dbus", "idle_linux", "vaapi_wrapper", "sandbox_linux")


@dataclass(frozen=True)
class LoggedChromium:
    """The wrapper to launch instead of Chromium, the file its stderr goes to, and the file
    that holds its pid once it started."""

    executable: Path
    log: Path
    pid_file: Path

    @classmethod
    def make(cls, chromium: str, scripts: Path, artifacts: Path, keep: int = 10
             ) -> LoggedChromium:
        """The wrapper in ``scripts``, the log in ``artifacts`` (only the ``keep`` newest logs of
        earlier sessions stay)."""
        artifacts.mkdir(exist_ok=True)
        old = sorted(artifacts.glob("chromium-*.log"), key=lambda p: p.stat().st_mtime)
        for stale in old[:-keep] if keep else old:
            stale.unlink(missing_ok=True)
        log = artifacts / f"chromium-{os.getpid()}.log"
        pid_file = scripts / "chromium.pid"
        wrapper = scripts / "chromium-logged.sh"
        wrapper.write_text(
            "#!/bin/sh\n"
            f"echo $$ > {shlex.quote(str(pid_file))}\n"
            f"exec {shlex.quote(chromium)} \"$@\" 2>> {shlex.quote(str(log))}\n"
        )
        wrapper.chmod(0o755)
        return cls(wrapper, log, pid_file)

    def size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def since(self, offset: int, last: int = 60) -> str:
        """The last ``last`` lines written after ``offset``, noise left out."""
        if not self.log.exists():
            return "(no Chromium log)"
        with self.log.open("rb") as f:
            f.seek(offset)
            text = f.read().decode("utf-8", "replace")
        lines = [line for line in text.splitlines() if not any(n in line for n in NOISE)]
        return "\n".join(lines[-last:]) or "(Chromium wrote nothing but start-up noise)"

    def pid(self) -> int | None:
        try:
            return int(self.pid_file.read_text().strip())
        except (OSError, ValueError):
            return None


def _stat(pid: int) -> tuple[int, int] | None:
    """(parent pid, resident kB) of a live process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    ppid = int(stat[stat.rindex(")") + 2:].split()[1])
    rss = next((int(line.split()[1]) for line in status.splitlines()
                if line.startswith("VmRSS:")), 0)
    return ppid, rss


def renderers(browser_pid: int | None) -> list[tuple[int, int]]:
    """(pid, resident MB) of every renderer process under ``browser_pid`` (other sessions'
    Chromiums on the machine are not counted)."""
    if browser_pid is None:
        return []
    procs = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (st := _stat(int(entry.name))) is not None:
            procs[int(entry.name)] = st

    def under(pid: int) -> bool:
        seen = 0
        while pid in procs and seen < 10:
            pid = procs[pid][0]
            if pid == browser_pid:
                return True
            seen += 1
        return False

    out = []
    for pid, (_, rss) in procs.items():
        if not under(pid):
            continue
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"--type=renderer" in cmd:
            out.append((pid, rss // 1024))
    return sorted(out)


def meminfo_mb() -> dict[str, int]:
    """MemTotal and MemAvailable of the machine, in MB."""
    out = {}
    for line in Path("/proc/meminfo").read_text().splitlines():
        key, value = line.split(":", 1)
        if key in ("MemTotal", "MemAvailable"):
            out[key] = int(value.split()[0]) // 1024
    return out


def crash_note(label: str, url: str, logged: LoggedChromium, pages: int, contexts: int) -> str:
    """Said the moment a page crashes (the renderer is gone; what is left around it is not)."""
    mem = meminfo_mb()
    rends = renderers(logged.pid())
    return (f"{time.strftime('%H:%M:%S')} renderer of {label} crashed at {url}; machine: "
            f"{mem.get('MemAvailable')} of {mem.get('MemTotal')} MB available, load "
            f"{os.getloadavg()[0]:.1f}; our Chromium: {contexts} contexts, {pages} pages, "
            f"{len(rends)} renderers holding {sum(r for _, r in rends)} MB "
            f"({', '.join(f'{r} MB' for _, r in rends)})")


def oom_kills(since_boot_s: float) -> list[str]:
    """Kernel OOM-killer lines of dmesg newer than ``since_boot_s`` (seconds since boot), or a
    word on why dmesg could not be read."""
    try:
        out = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        return [f"(dmesg unreadable: {exc})"]
    hits = []
    for line in out.splitlines():
        if "oom" in line.lower() or "killed process" in line.lower():
            try:
                stamp = float(line[1:line.index("]")])
            except ValueError:
                stamp = since_boot_s
            if stamp >= since_boot_s:
                hits.append(line)
    return hits


CRASH_REPORTS = Path.home() / ".config" / "chromium" / "Crash Reports"
"""Where Chromium's crash handler leaves a minidump of each crashed process."""

KNOWN_CAUSES = {
    b"gwp-asan-malloc": "GWP-ASan was on in it (harness.NO_GWP_ASAN keeps it off)",
    b"gwp-asan-partitionalloc": "GWP-ASan was on in it (harness.NO_GWP_ASAN keeps it off)",
    b"--subproc-heap-profiling": "the heap profiler was on in it (harness.NO_HEAP_PROFILER)",
}
"""Marks in a dump that name a browser fault seen before (see the two in harness.py)."""

SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 11: "SIGSEGV"}


def read_minidump(data: bytes) -> str:
    """One line on a Linux minidump: the signal, its code and the faulting address (from the
    exception stream), and any known cause found in it (:data:`KNOWN_CAUSES`).

    >>> import struct
    >>> head = struct.pack("<IIIIIIQ", 0x504D444D, 0xA793, 1, 32, 0, 0, 0)
    >>> exc = struct.pack("<IIIIQQ", 7, 0, 11, 2, 0, 0x7F0000001000)
    >>> read_minidump(head + struct.pack("<III", 6, len(exc), 44) + exc + b"gwp-asan-malloc")
    'SIGSEGV (code 2) at 0x7f0000001000; GWP-ASan was on in it (harness.NO_GWP_ASAN keeps it off)'
    >>> read_minidump(b"not a dump")
    'not a minidump'
    """
    if len(data) < 32 or struct.unpack_from("<I", data)[0] != 0x504D444D:
        return "not a minidump"
    count, where = struct.unpack_from("<II", data, 8)
    said = "no exception recorded"
    for i in range(count):
        kind, _size, rva = struct.unpack_from("<III", data, where + 12 * i)
        if kind == 6 and rva + 32 <= len(data):  # the exception stream
            code, flags, _chained, address = struct.unpack_from("<IIQQ", data, rva + 8)
            said = f"{SIGNALS.get(code, f'signal {code}')} (code {flags}) at {address:#x}"
    causes = sorted({why for mark, why in KNOWN_CAUSES.items() if mark in data})
    return "; ".join([said, *causes])


def crash_dumps(since: float, folder: Path = CRASH_REPORTS) -> list[str]:
    """What each dump Chromium wrote after ``since`` (a time.time()) says, newest last."""
    dumps = sorted((p for p in folder.glob("*/*.dmp") if p.stat().st_mtime >= since),
                   key=lambda p: p.stat().st_mtime)
    return [f"{p.name}: {read_minidump(p.read_bytes())}" for p in dumps]


def uptime_s() -> float:
    return float(Path("/proc/uptime").read_text().split()[0])
