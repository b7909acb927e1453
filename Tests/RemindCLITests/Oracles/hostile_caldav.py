"""A hostile CalDAV server on loopback, for the tests of what `remindc
publish` does when the server it talks to lies, stalls or tries to steer
it elsewhere (Tests/RemindCLITests/HostileServerTests.swift).

    hostile_caldav.py serve FOLDER [--tls CERT KEY]
        Listens on 127.0.0.1 (the calendar's server, behind TLS with CERT
        and KEY when given) and on 127.0.0.2 (a
        third party, where no request should ever arrive) and prints
        "ready CALENDAR_URL THIRD_PARTY_ORIGIN". Before each request it
        reads FOLDER/scenario.json (below); it appends a JSON line per
        request to FOLDER/requests.jsonl: which listener, method, path,
        whether it carried Authorization, its If-Match and If-None-Match,
        and its body's length. It stops when its standard input closes.

    hostile_caldav.py measure COMMAND...
        Runs COMMAND and prints one JSON line: its exit status, standard
        output and error, wall seconds and peak resident memory in KiB.

The calendar at /dav/alice/cal/ answers as a small CalDAV server would:
PROPFIND (a calendar, with a sync token when the scenario offers sync),
calendar-query and calendar-multiget (the scenario's members), sync-collection
(the scenario's `sync` answer), PUT (201 and an ETag) and DELETE (204).
The scenario changes that:

    {"redirect": {"PROPFIND": [307, "LOCATION"]}}    3xx for a method;
                                                      {third} in LOCATION is
                                                      the third party's origin
    {"members": [[HREF, ETAG, UID, PUBLISHER]]}       the listing
    {"sync": {"token": T or null, "changed": [[HREF, ETAG]]}}
                                                      offer sync; its answer
    {"deep": N}                                       REPORT answers nest N deep
    {"trickle": SECONDS}                              answers one byte per SECONDS
    {"endless": true}                                 REPORT answers never end
    {"huge": BYTES}                                   REPORT answers this long
    {"on": "PROPFIND", ...}                           the four above for PROPFIND
    {"error": {"METHOD": [STATUS, BODY]}}             a method answers so, text/plain
    {"slow": {"METHOD": SECONDS}}                     a method answers after SECONDS
    {"digest": {"user": U, "password": P, "algorithms": ["MD5", "SHA-256"]}}
                                                      every request needs a Digest
                                                      login (RFC 7616, qop=auth),
                                                      challenged in each algorithm

In HREFs and LOCATIONs, {third} is the third party's origin and
{third_authority} its host and port.
"""
import hashlib
import json
import os
import resource
import socket
import socketserver
import subprocess
import sys
import threading
import time
import http.server

CALENDAR = "/dav/alice/cal/"
FOLDER = ""
THIRD = ""
LOCK = threading.Lock()


def scenario():
    try:
        with open(os.path.join(FOLDER, "scenario.json")) as given:
            return json.load(given)
    except (OSError, ValueError):
        return {}


def split_parameters(text):
    """An Authorization header's parameters, split at commas outside quotes."""
    parts, current, quoted = [], "", False
    for character in text:
        if character == '"':
            quoted = not quoted
        if character == "," and not quoted:
            parts.append(current)
            current = ""
        else:
            current += character
    return parts + [current]


def place(text):
    return text.replace("{third}", THIRD).replace("{third_authority}", THIRD.split("//", 1)[1])


def calendar_data(uid, publisher):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hostile//EN", "BEGIN:VEVENT", f"UID:{uid}",
             "DTSTAMP:20261201T000000Z", "DTSTART:20261224T180000Z", "SUMMARY:Planted"]
    if publisher:
        lines += [f"X-REMINDC-PUBLISHER:{publisher}", f"X-REMINDC-ID:{uid.split('@')[0]}", "X-REMINDC-DIGEST:1-0"]
    lines += ["END:VEVENT", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def escape(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("\r", "&#13;").replace("\n", "&#10;"))


def response_element(href, etag, data=None, status="HTTP/1.1 200 OK"):
    prop = f"<d:getetag>{escape(etag)}</d:getetag>"
    if data is not None:
        prop += f"<c:calendar-data>{escape(data)}</c:calendar-data>"
    return (f"<d:response><d:href>{escape(href)}</d:href><d:propstat><d:prop>{prop}</d:prop>"
            f"<d:status>{status}</d:status></d:propstat></d:response>")


def multistatus(inner, token=None):
    token_element = f"<d:sync-token>{escape(token)}</d:sync-token>" if token else ""
    return ('<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
            f"{inner}{token_element}</d:multistatus>").encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    listener = "main"

    def log_message(self, *arguments):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        with LOCK, open(os.path.join(FOLDER, "requests.jsonl"), "a") as log:
            log.write(json.dumps({
                "listener": self.listener, "method": self.command, "path": self.path,
                "authorization": "Authorization" in self.headers,
                "if_match": self.headers.get("If-Match"), "if_none_match": self.headers.get("If-None-Match"),
                "body": len(body)}) + "\n")
        if self.listener != "main":
            self.answer(404, b"")
            return
        plan = scenario()
        if "digest" in plan and not self.digest_login(plan["digest"]):
            return
        redirect = plan.get("redirect", {}).get(self.command)
        if redirect:
            status, location = redirect
            self.send_response(status)
            self.send_header("Location", place(location))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        time.sleep(plan.get("slow", {}).get(self.command, 0))
        error = plan.get("error", {}).get(self.command)
        if error:
            status, text = error
            self.answer(status, text.encode(), "text/plain")
            return
        if self.command == plan.get("on", "REPORT") and self.stall(plan):
            return
        if self.command == "PROPFIND":
            self.propfind(plan)
        elif self.command == "REPORT":
            self.report(plan, body.decode(errors="replace"))
        elif self.command == "PUT":
            self.answer(201, b"", headers={"ETag": '"new"'})
        elif self.command == "DELETE":
            self.answer(204, b"")
        else:
            self.answer(405, b"")

    def digest_login(self, login):
        """Whether the request's Digest login is right (RFC 7616 with
        qop=auth); otherwise a 401 with a challenge per algorithm, sent here."""
        header = self.headers.get("Authorization", "")
        if header.startswith("Digest "):
            fields = dict((key.strip(), value.strip().strip('"'))
                          for key, value in (part.split("=", 1) for part in split_parameters(header[7:]) if "=" in part))
            algorithm = fields.get("algorithm", "MD5")
            name = {"MD5": "md5", "SHA-256": "sha256"}.get(algorithm)
            if name and algorithm in login["algorithms"] and fields.get("username") == login["user"]:
                digest = lambda text: hashlib.new(name, text.encode()).hexdigest()
                first = digest("%s:%s:%s" % (login["user"], fields.get("realm"), login["password"]))
                second = digest("%s:%s" % (self.command, fields.get("uri")))
                expected = digest(":".join([first, fields.get("nonce", ""), fields.get("nc", ""), fields.get("cnonce", ""),
                                            fields.get("qop", ""), second]))
                if fields.get("response") == expected and fields.get("uri") == self.path:
                    return True
        self.send_response(401)
        for algorithm in login["algorithms"]:
            self.send_header("WWW-Authenticate", 'Digest realm="hostile", qop="auth", algorithm=%s, nonce="%s"'
                             % (algorithm, os.urandom(8).hex()))
        self.send_header("Content-Length", "0")
        self.end_headers()
        return False

    def propfind(self, plan):
        sync = "sync" in plan
        reports = "<d:supported-report-set><d:supported-report><d:report><d:sync-collection/></d:report></d:supported-report></d:supported-report-set>" if sync else ""
        token = "<d:sync-token>http://hostile/sync/1</d:sync-token>" if sync else ""
        inner = (f"<d:response><d:href>{CALENDAR}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
                 f"<d:displayname>Hostile</d:displayname>{token}{reports}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")
        self.answer(207, multistatus(inner), "application/xml")

    def stall(self, plan):
        """Answers as the scenario's deep, trickle, endless or huge says;
        False when it says none."""
        if "deep" in plan:
            depth = plan["deep"]
            self.answer(207, b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">' + b"<d:x>" * depth + b"</d:x>" * depth
                        + b"</d:multistatus>", "application/xml")
            return True
        if "trickle" in plan:
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(100):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(plan["trickle"])
            except OSError:
                pass
            return True
        if plan.get("endless") or "huge" in plan:
            self.send_response(207)
            self.send_header("Content-Type", "application/xml")
            if "huge" in plan:
                self.send_header("Content-Length", str(plan["huge"]))
            else:
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunked = "huge" not in plan

            def emit(data):
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n" if chunked else data)

            chunk = b"<d:x>" + b"a" * (1 << 20) + b"</d:x>"
            sent, limit = 0, plan.get("huge", 1 << 40)
            started = time.monotonic()
            try:
                head = b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">'
                emit(head)
                sent += len(head)
                while sent < limit and time.monotonic() - started < 120:
                    piece = chunk[:limit - sent]
                    emit(piece)
                    sent += len(piece)
            except OSError:
                pass
            return True
        return False

    def report(self, plan, query):
        if "sync-collection" in query:
            sync = plan.get("sync", {})
            inner = "".join(response_element(place(href), etag) for href, etag in sync.get("changed", []))
            self.answer(207, multistatus(inner, sync.get("token")), "application/xml")
            return
        members = [[place(href), etag, uid, publisher] for href, etag, uid, publisher in plan.get("members", [])]
        if "calendar-multiget" in query:
            members = [m for m in members if escape(m[0]) in query]
        inner = "".join(response_element(href, etag, calendar_data(uid, publisher)) for href, etag, uid, publisher in members)
        self.answer(207, multistatus(inner), "application/xml")

    def answer(self, status, body, content_type=None, headers=None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = do_POST = handle_any


class ThirdParty(Handler):
    listener = "third"


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def serve(folder, tls=None):
    global FOLDER, THIRD
    FOLDER = folder
    main = Server(("127.0.0.1", 0), Handler)
    if tls:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls[0], tls[1])
        main.socket = context.wrap_socket(main.socket, server_side=True)
    third = Server(("127.0.0.2", 0), ThirdParty)
    THIRD = f"http://127.0.0.2:{third.server_address[1]}"
    for server in (main, third):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    scheme = "https" if tls else "http"
    print(f"ready {scheme}://127.0.0.1:{main.server_address[1]}{CALENDAR} {THIRD}", flush=True)
    sys.stdin.read()
    os._exit(0)


def measure(command):
    started = time.monotonic()
    run = subprocess.run(command, capture_output=True, stdin=subprocess.DEVNULL)
    seconds = time.monotonic() - started
    print(json.dumps({"status": run.returncode, "stdout": run.stdout.decode(errors="replace"),
                      "stderr": run.stderr.decode(errors="replace"), "seconds": seconds,
                      "peak_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[4:6] if "--tls" in sys.argv else None)
    elif sys.argv[1] == "measure":
        measure(sys.argv[2:])
