"""A small org.freedesktop.Notifications server for the tests.

    notification_server.py LOG [--invoke KEY,KEY,...] [--act SUMMARY=KEY,...]... [--sound] [--no-actions]

Runs on the session bus DBUS_SESSION_BUS_ADDRESS names (a bus the test
started with dbus-daemon), takes the well-known name, prints "ready" when it
has it, and appends one JSON object per Notify call to LOG: app_name,
summary, body, actions, hints (their string and boolean values), and the
time it came (seconds since 1970).

With --invoke, it acts as a person would: the nth notification has the nth
KEY's action invoked (ActionInvoked), or none for "-", and is then closed
(NotificationClosed), as a server does when an action is picked or the
notification dismissed; notifications past the list are closed. --act
does the same for the notifications of one summary alone, which then take
no KEY of --invoke; the KEY "open" leaves the notification on screen,
never closed, as a person away from the desk would. With
--sound, it says it plays sounds (the "sound" capability); with --no-actions,
that it shows no buttons (no "actions" capability). Python's dbus and
GLib bindings from Debian (python3-dbus, python3-gi).
"""
import json
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus, log, invoke, sound, actions, by_summary):
        super().__init__(bus, PATH)
        self.log = log
        self.next_id = 1
        self.invoke = invoke
        self.by_summary = by_summary
        self.sound = sound
        self.actions = actions
        self.count = 0

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        with open(self.log, "a", encoding="utf-8") as out:
            record = {"app_name": str(app_name), "summary": str(summary), "body": str(body),
                      "actions": [str(a) for a in actions],
                      "hints": {str(k): (bool(v) if isinstance(v, dbus.Boolean) else str(v)) for k, v in hints.items()
                                if isinstance(v, (dbus.String, dbus.Boolean))},
                      "time": time.time()}
            out.write(json.dumps(record) + "\n")
        notification = self.next_id
        self.next_id += 1
        if str(summary) in self.by_summary:
            keys = self.by_summary[str(summary)]
            key = keys.pop(0) if keys else "-"
            if key != "open":
                GLib.timeout_add(50, self.act, notification, key)
        elif self.invoke is not None:
            key = self.invoke[self.count] if self.count < len(self.invoke) else "-"
            self.count += 1
            GLib.timeout_add(50, self.act, notification, key)
        return dbus.UInt32(notification)

    def act(self, notification, key):
        if key != "-":
            self.ActionInvoked(dbus.UInt32(notification), key)
        self.NotificationClosed(dbus.UInt32(notification), dbus.UInt32(2 if key == "-" else 3))
        return False

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, notification, key):
        pass

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, notification, reason):
        pass

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body"] + (["actions"] if self.actions else []) + (["sound"] if self.sound else [])

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("remindc-test", "remindc", "1", "1.2")

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        pass


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(NAME, bus)
    arguments = sys.argv[2:]
    invoke = arguments[arguments.index("--invoke") + 1].split(",") if "--invoke" in arguments else None
    by_summary = {}
    for position, argument in enumerate(arguments):
        if argument == "--act":
            summary, keys = arguments[position + 1].split("=", 1)
            by_summary[summary] = keys.split(",")
    Server(bus, sys.argv[1], invoke, "--sound" in arguments, "--no-actions" not in arguments, by_summary)
    print("ready", flush=True)
    GLib.MainLoop().run()
    del name


if __name__ == "__main__":
    main()
