"""Real CalDAV servers on 127.0.0.1 for the publish tests, and an
independent reading of what they hold.

    caldav_servers.py serve KIND FOLDER [--htpasswd USER:PASSWORD]
        Starts Radicale, Xandikos or SabreDAV (KIND; radicale-defaults is
        Radicale with its default limit of 10,000 instances a series, which
        the others lift; sabredav is Debian's SabreDAV 1.8, the engine of
        Nextcloud and Baïkal, under PHP's built-in web server with SQLite
        (Oracles/sabredav_server.php), Basic logins, or Digest ones alone
        as sabredav-digest; it always asks for a login, by default
        remindc:remindc-password) with its storage in FOLDER on a
        free loopback port, and in front of it a small HTTP proxy on
        another: prints "ready URL" (the URL of a collection that does not
        exist yet, through the proxy) and runs until killed. The proxy
        appends "METHOD PATH STATUS" per request to FOLDER/requests.log and
        before each request reads FOLDER/faults.json, if there is one:
          {"status": {"text in the path": 500}, "delay": 3,
           "close_after": 10, "before": {"text in the path": [PATH, BODY]}}
        answers with that status for matching paths, waits `delay` seconds
        before answering, after `close_after` more writes (PUT, DELETE)
        closes every connection without an answer, as a server that
        stopped would, and before the first PUT to a matching path PUTs
        BODY at PATH with the request's login, as another client's write
        that came between a listing and a write would. It stops when its
        standard input closes.

    caldav_servers.py read URL EXPECTED FROM TO [USER PASSWORD]
        Reads the collection with the python caldav client: every object,
        its X-REMINDC- properties and alarms; then the server's own
        expansion (a calendar-query REPORT with time-range and expand) in
        [FROM, TO), compared with EXPECTED (remindc expand --format jsonl)
        as Oracles/client_matrix.py compares a client, with its known
        differences of Radicale (or of REMINDC_EXPANSION_CLIENT); FROM "-"
        reads the objects alone. Prints one JSON object.
"""
import datetime
import http.client
import http.server
import json
import os
import re
import signal
import socket
import socketserver
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import client_matrix  # noqa: E402

WRITES = ("PUT", "DELETE", "MKCALENDAR", "MKCOL")


# The login of a SabreDAV started without --htpasswd: it always asks for one.
SABREDAV_LOGIN = "remindc:remindc-password"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(port, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


def start(kind, folder, htpasswd):
    port = free_port()
    bin_folder = os.path.dirname(sys.executable)
    if kind in ("radicale", "radicale-defaults"):
        config = os.path.join(folder, "radicale.conf")
        auth = "type = none\n"
        if htpasswd:
            users = os.path.join(folder, "users")
            with open(users, "w") as out:
                out.write(htpasswd + "\n")
            auth = f"type = htpasswd\nhtpasswd_filename = {users}\nhtpasswd_encryption = plain\ndelay = 0\n"
        with open(config, "w") as out:
            # Radicale refuses (400) a series it counts more than 10,000
            # instances of by default; some generated reminders have more.
            # "radicale-defaults" keeps that limit, as people run it.
            limit = "" if kind == "radicale-defaults" else "max_vevent_rrule_occurrence = 10000000\n"
            out.write(f"[server]\nhosts = 127.0.0.1:{port}\ndelay_on_error = 0\n{limit}[auth]\n{auth}"
                      f"[storage]\nfilesystem_folder = {folder}/collections\n"
                      f"[logging]\nlevel = critical\n")
        server = subprocess.Popen([os.path.join(bin_folder, "radicale"), "--config", config],
                                  stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "server.log"), "w"))
        user = htpasswd.split(":")[0] if htpasswd else "remindc"
        path = f"/{user}/calendar/"
    elif kind.startswith("sabredav"):
        user, password = (htpasswd or SABREDAV_LOGIN).split(":", 1)
        environment = dict(os.environ, REMINDC_SABRE_FOLDER=folder, REMINDC_SABRE_USER=user, REMINDC_SABRE_PASSWORD=password,
                           REMINDC_SABRE_LOGIN="digest" if kind == "sabredav-digest" else "basic", PHP_CLI_SERVER_WORKERS="4")
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sabredav_server.php")
        # A session of its own: PHP's workers outlive their parent, and are
        # stopped with it as its process group.
        server = subprocess.Popen(["php", "-S", f"127.0.0.1:{port}", script], cwd=folder, env=environment, start_new_session=True,
                                  stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "server.log"), "w"))
        path = f"/dav.php/calendars/{user}/calendar/"
    else:
        arguments = [os.path.join(bin_folder, "xandikos"), "serve", "-d", os.path.join(folder, "data"), "--defaults",
                     "-l", "127.0.0.1", "-p", str(port), "--state-dir", os.path.join(folder, "state"), "--no-detect-systemd"]
        if htpasswd:
            users = os.path.join(folder, "users")
            with open(users, "w") as out:
                out.write(htpasswd + "\n")
            arguments += ["--htpasswd", users]
        server = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "server.log"), "w"))
        path = "/user/calendars/remindc/"
    wait_for(port)
    if kind.startswith("radicale"):
        # The user's own collection, which Radicale makes on a login.
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {}
        if htpasswd:
            import base64
            headers["Authorization"] = "Basic " + base64.b64encode(htpasswd.encode()).decode()
        connection.request("MKCOL", "/" + path.split("/")[1] + "/", headers=headers)
        connection.getresponse().read()
    return server, port, path


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    upstream = 0
    folder = ""
    writes = 0
    preceded = set()
    lock = threading.Lock()

    def log_message(self, *arguments):
        pass

    def faults(self):
        try:
            with open(os.path.join(self.folder, "faults.json")) as given:
                return json.load(given)
        except (OSError, ValueError):
            return {}

    def relay(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        faults = self.faults()
        if self.command in WRITES and "close_after" in faults:
            with Proxy.lock:
                Proxy.writes += 1
                stopped = Proxy.writes > faults["close_after"]
            if stopped:
                self.log(499)
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
        if faults.get("delay"):
            time.sleep(faults["delay"])
        for text, status in faults.get("status", {}).items():
            if text in self.path and self.command in WRITES:
                message = b"injected failure"
                self.log(status)
                self.send_response(status)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(message)))
                self.end_headers()
                self.wfile.write(message)
                return
        connection = http.client.HTTPConnection("127.0.0.1", self.upstream, timeout=120)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "content-length")}
        headers["Host"] = f"127.0.0.1:{self.upstream}"
        for text, (path, other) in faults.get("before", {}).items():
            with Proxy.lock:
                first = self.command == "PUT" and text in self.path and text not in Proxy.preceded
                if first:
                    Proxy.preceded.add(text)
            if first:
                login = {k: v for k, v in headers.items() if k.lower() == "authorization"}
                connection.request("PUT", path, body=other.encode(), headers=dict(login, Host=headers["Host"],
                                                                                    **{"Content-Type": "text/calendar"}))
                response = connection.getresponse()
                response.read()
                with Proxy.lock, open(os.path.join(self.folder, "requests.log"), "a") as out:
                    out.write(f"PUT {path} {response.status} (another client)\n")
        connection.request(self.command, self.path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        # Logged before the answer goes, so a client that has its answer
        # finds its request in the log.
        self.log(response.status)
        self.send_response(response.status, response.reason)
        for name, value in response.getheaders():
            if name.lower() not in ("connection", "transfer-encoding", "content-length", "server", "date"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        connection.close()

    def log(self, status):
        with Proxy.lock, open(os.path.join(self.folder, "requests.log"), "a") as out:
            out.write(f"{self.command} {self.path} {status}\n")

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_MKCOL = do_OPTIONS = do_HEAD = relay


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def serve(kind, folder, htpasswd):
    server, upstream, path = start(kind, folder, htpasswd)
    Proxy.upstream, Proxy.folder = upstream, folder
    proxy = ThreadingServer(("127.0.0.1", 0), Proxy)

    def stop(*_):
        # SIGKILL: the server may have inherited SIGTERM blocked.
        if kind.startswith("sabredav"):
            os.killpg(server.pid, signal.SIGKILL)
        else:
            server.kill()
        server.wait()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def watch():
        # The test closes standard input to stop everything (its own
        # children may not see SIGTERM).
        sys.stdin.read()
        stop()

    threading.Thread(target=watch, daemon=True).start()
    print(f"ready http://127.0.0.1:{proxy.server_address[1]}{path}", flush=True)
    proxy.serve_forever()


def read(url, expected_path, begin, end, user=None, password=None):
    import caldav
    client = caldav.DAVClient(url=url, username=user, password=password)
    calendar = client.calendar(url=url)
    objects = []
    # Every event and to-do with its data, by calendar-query REPORTs (the
    # client's objects() would GET each one).
    import icalendar
    items = calendar.search(event=True) + calendar.search(todo=True, include_completed=True)
    for item in items:
        stored = icalendar.Calendar.from_ical(item.data)
        for component in stored.walk():
            if component.name not in ("VEVENT", "VTODO"):
                continue
            objects.append({
                "href": str(item.url), "uid": str(component.get("UID")), "id": str(component.get("X-REMINDC-ID")),
                "publisher": str(component.get("X-REMINDC-PUBLISHER")), "digest": str(component.get("X-REMINDC-DIGEST")),
                "alarms": [str(a.get("ACTION")) for a in component.walk() if a.name == "VALARM"],
                "triggers": [a.get("TRIGGER").to_ical().decode() for a in component.walk() if a.name == "VALARM"],
                "recurrence_id": component.get("RECURRENCE-ID").to_ical().decode() if component.get("RECURRENCE-ID") else None,
                "properties": sorted({k for k in component.keys() if k.startswith("X-REMINDC-")}),
                "method": "METHOD" in stored,
            })
    if begin == "-":
        # No expansion asked for (Debian's SabreDAV 1.8: vobject 2.1 expands
        # a thousand series in PHP past its 30-second execution limit).
        print(json.dumps({"objects": objects}))
        return
    windows = [(client_matrix.parse_utc(begin), client_matrix.parse_utc(end))]
    expected = client_matrix.read_expected(expected_path)
    components = [c for item in items for c in client_matrix.components_of(item.data)]
    hrefs = sorted({str(item.url) for item in items})
    in_range, theirs, failed = expand(url, hrefs, windows, user, password)
    # A floating time comes back in UTC from a server that expands it at
    # the calendar's time zone, UTC where none is set (RFC 4791 §9.6.5):
    # read at that zone, it is the floating time.
    floating = {c.id for c in components if c.is_floating}
    theirs = [[id, "floating:" + moment[4:-1] if id in floating and moment.startswith("utc:") else moment] for id, moment in theirs]
    # Radicale's known differences, or (REMINDC_EXPANSION_CLIENT) another
    # server's: one without entries has every difference unexplained.
    client = os.environ.get("REMINDC_EXPANSION_CLIENT", "radicale")
    comparison = client_matrix.compare(client, theirs, expected, components, windows)
    comparison["unexplained_ids"] = sorted({entry[1] for entry in comparison.pop("all_unexplained")})
    expected_ids = {entry[0] for entry in client_matrix.in_windows(expected, windows)}
    print(json.dumps({"objects": objects, "expansion": comparison, "failed_to_expand": failed,
                      "in_range_only_server": sorted(in_range - expected_ids),
                      "in_range_only_remindc": sorted(expected_ids - in_range)}))


def request(method, url, body, user, password):
    import base64
    import urllib.request
    headers = {"Depth": "1", "Content-Type": "application/xml"}
    if user:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=body.encode(), method=method, headers=headers), timeout=300) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def calendar_data(body):
    for data in re.findall(r"<(?:\w+:)?calendar-data[^>]*>(.*?)</(?:\w+:)?calendar-data>", body, re.S):
        yield data.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&#13;", "\r").replace("&amp;", "&")


def expand(url, hrefs, windows, user, password):
    """The server's own reading of the window: which reminders a
    calendar-query with time-range finds, per component kind; and the
    occurrences of calendar-multiget REPORTs with expand, fifty resources
    at a time, one at a time where the server fails on a batch."""
    import icalendar
    stamp = lambda moment: moment.strftime("%Y%m%dT%H%M%SZ")
    in_range, found, failed = set(), [], []
    for begin, end in windows:
        for kind in ("VEVENT", "VTODO"):
            query = f"""<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="{kind}">
    <C:time-range start="{stamp(begin)}" end="{stamp(end)}"/></C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>"""
            status, body = request("REPORT", url, query, user, password)
            if status != 207:
                raise RuntimeError(f"time-range REPORT {kind}: {status} {body[:300]!r}")
            for text in calendar_data(body):
                for component in icalendar.Calendar.from_ical(text).walk():
                    if component.name in ("VEVENT", "VTODO"):
                        in_range.add(str(component.get("X-REMINDC-ID")))
        margin = datetime.timedelta(days=2)
        low, high = begin - margin, end + margin
        path = "/" + url.split("/", 3)[3]

        def read(batch):
            listed = "".join(f"<D:href>{path}{href.rsplit('/', 1)[1]}</D:href>" for href in batch)
            query = f"""<?xml version="1.0" encoding="utf-8"?>
<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data><C:expand start="{stamp(low)}" end="{stamp(high)}"/></C:calendar-data></D:prop>
  {listed}
</C:calendar-multiget>"""
            status, body = request("REPORT", url, query, user, password)
            if status != 207:
                if len(batch) == 1:
                    failed.append(batch[0].rsplit("/", 1)[1])
                    return
                for href in batch:
                    read([href])
                return
            for text in calendar_data(body):
                for component in icalendar.Calendar.from_ical(text).walk():
                    if component.name in ("VEVENT", "VTODO"):
                        start = component.get("DTSTART") or component.get("DUE")
                        found.append([str(component.get("X-REMINDC-ID")), client_matrix.label(start.dt)])

        for index in range(0, len(hrefs), 50):
            read(hrefs[index:index + 50])
    return in_range, found, failed


def main():
    if sys.argv[1] == "serve":
        htpasswd = sys.argv[sys.argv.index("--htpasswd") + 1] if "--htpasswd" in sys.argv else None
        serve(sys.argv[2], sys.argv[3], htpasswd)
    elif sys.argv[1] == "read":
        read(*sys.argv[2:])


if __name__ == "__main__":
    main()
