"""A real systemd for the desktop tests: PID 1 of its own namespaces.

    systemd_harness.py REMINDC

As root, boots Debian's systemd as PID 1 of new PID, mount, UTS, IPC,
network and cgroup namespaces, over an overlay of / whose upper layer is a
tmpfs (nothing reaches the machine), with its own cgroup2, /run and /tmp;
starts the user manager of a throwaway user (and with it the user's session
bus), a recording notification server on that bus (notification_server.py),
and installs REMINDC there as a person would: copied to /usr/local/bin, the
units written by `remindc systemd --install`. Then, in real time (seconds
after the start):

- "snooze": an alert at 35 snoozed for 40 seconds by the server, and its
  install removed (`--uninstall`) at 45 while the snooze is pending: the
  alert must not come back;
- "on time": one-off alerts at 50 and 65;
- "open": an alert every 20 seconds from 40, three times, each left open
  on screen: none may hold back the next;
- "sleep": the user manager frozen (as a laptop asleep) from 88 to 150,
  over two alerts of one reminder (95 and 105) and one of a reminder with
  `grace: 0` (100), each more than the 30 seconds late that still count as
  on time; then one at 160. The first is shown once on waking, marked as 2
  missed; the second never; the last on time;
- "off": the user manager stopped (as a machine off) from 165 to 205, over
  an alert at 170, which is shown once when it starts again.

Prints one JSON object: the alerts expected (id, seconds since 1970), the
notifications shown (summary, body, time), when the sleep and the stop
ended, what install and uninstall said, the units left running, and what
remindc's processes wrote to the journal. Exits 77 when namespaces cannot
be made here (not root, no unshare), with the reason on standard error.
Powers the systemd off at the end; the namespaces and their mounts go
with it.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

UID = 4242
USER = "remindc-alice"
BOOT = r"""
set -e
base="$1"
mount -t tmpfs tmpfs "$base"
mkdir -p "$base/upper" "$base/work" "$base/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$base/upper,workdir=$base/work" "$base/root"
mount -t proc proc "$base/root/proc"
mount -t tmpfs tmpfs "$base/root/run"
mount -t tmpfs tmpfs "$base/root/tmp"
mkdir -p "$base/root/sys/fs/cgroup"
mount -t cgroup2 cgroup2 "$base/root/sys/fs/cgroup"
mount --rbind /dev "$base/root/dev"
exec chroot "$base/root" /lib/systemd/systemd --system --log-target=null
"""


def skip(reason):
    print(reason, file=sys.stderr)
    sys.exit(77)


class Machine:
    def __init__(self):
        self.base = tempfile.mkdtemp(prefix="remindc-systemd-")
        self.process = subprocess.Popen(
            ["unshare", "--pid", "--fork", "--mount", "--uts", "--ipc", "--net", "--cgroup", "--propagation", "private",
             "bash", "-c", BOOT, "boot", self.base],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.pid = None
        deadline = time.time() + 30
        while time.time() < deadline and self.pid is None:
            if self.process.poll() is not None:
                skip("systemd did not start in new namespaces: " + self.process.stderr.read().decode(errors="replace").strip())
            self.pid = self.init_pid()
            time.sleep(0.2)
        if self.pid is None:
            self.stop()
            skip("systemd did not start within 30 s")
        state = ""
        while time.time() < deadline:
            state = self.run(["systemctl", "is-system-running"], check=False).stdout.strip()
            if state in ("running", "degraded"):
                return
            time.sleep(0.2)
        self.stop()
        skip("systemd did not reach running: " + state)

    def init_pid(self):
        """The pid, as this machine sees it, of the namespaces' systemd."""
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/status") as status:
                    fields = dict(line.split(":\t", 1) for line in status.read().splitlines() if ":\t" in line)
            except OSError:
                continue
            if fields.get("Name", "").strip() == "systemd" and fields.get("NSpid", "").split()[-1:] == ["1"] \
                    and fields.get("NSpid", "").split()[0] != "1" and self.is_ours(int(entry)):
                return int(entry)
        return None

    def is_ours(self, pid):
        """Whether pid descends from the unshare this harness started."""
        while pid > 1:
            if pid == self.process.pid:
                return True
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    pid = int(stat.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                return False
        return False

    def run(self, command, user=False, check=True, input=None, background=False):
        prefix = ["nsenter", "-t", str(self.pid), "-a", "-r", "-w"]
        if user:
            prefix += ["runuser", "-u", USER, "--", "env", f"HOME=/home/{USER}", f"XDG_RUNTIME_DIR=/run/user/{UID}",
                       f"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/{UID}/bus", "PATH=/usr/local/bin:/usr/bin:/bin"]
        if background:
            return subprocess.Popen(prefix + command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        result = subprocess.run(prefix + command, capture_output=True, text=True, input=input, timeout=60)
        if check and result.returncode != 0:
            raise RuntimeError(f"{command}: {result.returncode}: {result.stderr}")
        return result

    def copy(self, source, target, mode):
        """The machine's file `source` as `target` inside, made `mode`."""
        with open(source, "rb") as data:
            subprocess.run(["nsenter", "-t", str(self.pid), "-a", "-r", "-w", "sh", "-c", 'cat > "$0" && chmod "$1" "$0"', target, mode],
                           stdin=data, check=True, timeout=60)

    def write(self, path, text, user=True):
        self.run(["tee", path], user=user, input=text)

    def stop(self):
        if self.pid is not None:
            self.run(["systemctl", "poweroff"], check=False)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            # Killing the namespaces' PID 1 ends every process in them.
            if self.pid is not None:
                try:
                    os.kill(self.pid, 9)
                except OSError:
                    pass
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.base, ignore_errors=True)


def sleep_until(second):
    time.sleep(max(0, second - time.time()))


def start_server(machine, arguments):
    """The recording notification server, on the user's session bus."""
    server = machine.run(arguments, user=True, background=True)
    if server.stdout.readline().strip() != "ready":
        raise RuntimeError("the notification server did not start: " + server.stderr.read())
    return server


def stamp(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def main():
    remindc = sys.argv[1]
    if os.geteuid() != 0 or shutil.which("unshare") is None or not os.path.exists("/lib/systemd/systemd"):
        skip("needs root, unshare and systemd")
    here = os.path.dirname(os.path.abspath(__file__))
    machine = Machine()
    try:
        machine.run(["useradd", "-m", "-u", str(UID), USER])
        machine.run(["systemctl", "start", f"user@{UID}"])
        # Copied in through a pipe: the machine's /tmp (where a checkout may
        # be) is its own.
        machine.copy(remindc, "/usr/local/bin/remindc", "755")
        machine.copy(os.path.join(here, "notification_server.py"), "/usr/local/share/notification_server.py", "644")
        log = f"/home/{USER}/shown.jsonl"
        server_arguments = ["/usr/bin/python3", "/usr/local/share/notification_server.py", log,
                            "--act", "Snoozed=later", "--act", "Open=open,open,open"]
        server = start_server(machine, server_arguments)
        start = int(time.time()) + 1
        at = {"snoozed": 35, "open-1": 40, "open-2": 60, "open-3": 80, "first": 50, "second": 65,
              "pills-1": 95, "pills-2": 105, "strict": 100, "after": 160, "boot": 170}
        alerts = {name: start + offset for name, offset in at.items()}
        machine.write(f"/home/{USER}/snooze.yaml", f"""uid-domain: harness.example
timezone: UTC
categories:
  nag:
    actions:
      - {{id: later, title: Later, snooze: 40s}}
reminders:
  - {{id: snoozed, title: Snoozed, at: {stamp(alerts["snoozed"])}, category: nag}}
""")
        machine.write(f"/home/{USER}/ontime.yaml", f"""uid-domain: harness.example
timezone: UTC
categories:
  task:
    actions:
      - {{id: done, title: Done}}
reminders:
  - {{id: first, title: First, at: {stamp(alerts["first"])}}}
  - {{id: second, title: Second, at: {stamp(alerts["second"])}}}
  - {{id: open, title: Open, at: {stamp(alerts["open-1"])}, category: task, repeat: {{every: 20 seconds, count: 3}}}}
  - {{id: pills, title: Pills, at: {stamp(alerts["pills-1"])}, repeat: {{every: 10 seconds, count: 2}}}}
  - {{id: strict, title: Strict, at: {stamp(alerts["strict"])}, grace: 0}}
  - {{id: after, title: After, at: {stamp(alerts["after"])}}}
  - {{id: boot, title: Boot, at: {stamp(alerts["boot"])}}}
""")
        installed = [machine.run(["remindc", "systemd", "--install", "--name", name, f"/home/{USER}/{name}.yaml"], user=True, check=False)
                     for name in ("snooze", "ontime")]
        # The snooze is pending (shown, Later picked, 40 s to wait) when
        # its install is removed.
        sleep_until(start + 45)
        uninstalled = machine.run(["remindc", "systemd", "--uninstall", "snooze"], user=True, check=False)
        # Asleep: the user manager and all it runs frozen.
        sleep_until(start + 88)
        # (systemctl freeze refuses the user manager's unit, which delegates
        # its cgroup: its cgroup v2 freezer is used, on a unified or a
        # hybrid hierarchy alike.)
        group = machine.run(["systemctl", "show", "--value", "-p", "ControlGroup", f"user@{UID}.service"]).stdout.strip()
        freeze = f'for f in /sys/fs/cgroup{group}/cgroup.freeze /sys/fs/cgroup/unified{group}/cgroup.freeze; do ' \
                 f'[ -e "$f" ] && echo "$0" > "$f" && exit 0; done; exit 1'
        machine.run(["sh", "-c", freeze, "1"])
        sleep_until(start + 150)
        machine.run(["sh", "-c", freeze, "0"])
        woke = time.time()
        # Off: the user manager stopped, its session bus with it.
        sleep_until(start + 165)
        machine.run(["systemctl", "stop", f"user@{UID}"])
        server.kill()
        sleep_until(start + 205)
        machine.run(["systemctl", "start", f"user@{UID}"])
        server = start_server(machine, server_arguments)
        booted = time.time()
        sleep_until(start + 212)
        shown = [json.loads(line) for line in machine.run(["cat", log], check=False).stdout.splitlines() if line.strip()]
        running = machine.run(["systemctl", "--user", "list-units", "--state=active", "--no-legend", "--plain", "remindc-*"], user=True,
                              check=False).stdout.split()
        # When each timer elapses next: none for a reminder whose alerts are over.
        timers = [word for word in running if word.endswith(".timer")]
        next_elapse = {timer: machine.run(["systemctl", "--user", "show", "--value", "-p", "NextElapseUSecRealtime", timer], user=True,
                                          check=False).stdout.strip() for timer in timers}
        server.kill()
        # What remindc's own processes wrote to the journal (a successful
        # alert writes nothing; libdispatch's worker threads would).
        journal = machine.run(["journalctl", "--no-pager", "-o", "cat", f"_UID={UID}", "_COMM=remindc"], check=False).stdout
        print(json.dumps({
            "journal": [line for line in journal.splitlines() if line.strip() and not line.startswith("-- ")],
            "alerts": alerts,
            "woke": woke,
            "booted": booted,
            "shown": [{"summary": item["summary"], "body": item["body"], "time": item["time"]} for item in shown],
            "install": [{"status": result.returncode, "stderr": result.stderr} for result in installed],
            "uninstall": {"status": uninstalled.returncode, "stderr": uninstalled.stderr},
            "running": [word for word in running if word.startswith("remindc-")],
            "next": next_elapse,
        }))
    finally:
        machine.stop()


if __name__ == "__main__":
    main()
