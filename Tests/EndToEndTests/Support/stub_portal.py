#!/usr/bin/env python3
"""A stand-in xdg-desktop-portal for the tests: it owns org.freedesktop.portal.Desktop on a
private session bus, answers FileChooser.OpenFile/SaveFile the way the real portal does (a
Request object path at once, then a Response signal on it), logs each call as a JSON line,
and chooses the file named in the answer file (or cancels when there is none)."""
import json, sys
from gi.repository import Gio, GLib

log_path, answer_path = sys.argv[1], sys.argv[2]

XML = """
<node>
  <interface name="org.freedesktop.portal.FileChooser">
    <method name="OpenFile">
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/>
      <arg type="o" direction="out"/>
    </method>
    <method name="SaveFile">
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/>
      <arg type="o" direction="out"/>
    </method>
  </interface>
</node>
"""

def on_call(connection, sender, path, interface, method, params, invocation):
    parent, title, options = params.unpack()
    token = options.get("handle_token", "t")
    request = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)
    with open(log_path, "a") as log:
        log.write(json.dumps({"method": method, "parent": parent, "title": title,
                              "current_name": options.get("current_name"),
                              "current_folder": bytes(options.get("current_folder", b"")).rstrip(b"\0").decode(),
                              "filters": options.get("filters")}) + "\n")
    invocation.return_value(GLib.Variant("(o)", (request,)))
    try:
        chosen = open(answer_path).read().strip()
        response = GLib.Variant("(ua{sv})", (0, {"uris": GLib.Variant("as", ["file://" + chosen])}))
    except FileNotFoundError:
        response = GLib.Variant("(ua{sv})", (1, {}))
    def send():
        connection.emit_signal(sender, request, "org.freedesktop.portal.Request", "Response", response)
        return False
    GLib.timeout_add(50, send)

def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(XML)
    connection.register_object("/org/freedesktop/portal/desktop", info.interfaces[0], on_call, None, None)

def on_name(connection, name):
    print("ready", flush=True)

Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, on_bus, on_name, None)
GLib.MainLoop().run()
