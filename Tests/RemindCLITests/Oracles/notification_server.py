"""A small org.freedesktop.Notifications server for the tests.

    notification_server.py LOG

Runs on the session bus DBUS_SESSION_BUS_ADDRESS names (a bus the test
started with dbus-daemon), takes the well-known name, prints "ready" when it
has it, and appends one JSON object per Notify call to LOG: app_name,
summary, body, actions, hints (their string values). Python's dbus and GLib
bindings from Debian (python3-dbus, python3-gi).
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus, log):
        super().__init__(bus, PATH)
        self.log = log
        self.next_id = 1

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        with open(self.log, "a", encoding="utf-8") as out:
            record = {"app_name": str(app_name), "summary": str(summary), "body": str(body),
                      "actions": [str(a) for a in actions],
                      "hints": {str(k): str(v) for k, v in hints.items() if isinstance(v, dbus.String)}}
            out.write(json.dumps(record) + "\n")
        self.next_id += 1
        return dbus.UInt32(self.next_id - 1)

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body", "actions"]

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
    Server(bus, sys.argv[1])
    print("ready", flush=True)
    GLib.MainLoop().run()
    del name


if __name__ == "__main__":
    main()
