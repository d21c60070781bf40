import CGio
import Foundation

/// The xdg-desktop-portal FileChooser (org.freedesktop.portal.FileChooser) over D-Bus, through
/// GIO: the desktop's own file dialog, and the only one that can reach the user's files from
/// inside a flatpak sandbox. Each request runs on its own thread with its own GLib main context
/// until the portal's Response signal arrives.
enum PortalFileChooser {
    enum Outcome {
        /// The user chose this file.
        case chosen(String)
        case cancelled
        /// No portal answered: fall back to another chooser.
        case unavailable(String)
    }

    /// Asks the portal; blocks the calling thread until the user answers.
    static func run(_ request: FileChooser.Request, parentWindow: String, busAddress: String?) -> Outcome {
        guard let address = busAddress, !address.isEmpty else {
            return .unavailable("no session bus")
        }
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            return .unavailable(message(error))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let sender = String(cString: g_dbus_connection_get_unique_name(connection)).dropFirst().replacingOccurrences(of: ".", with: "_")
        let token = "drawingboard\(UInt32.random(in: 1...UInt32.max))"
        let requestPath = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"

        final class Box { var done = false; var outcome: Outcome = .cancelled }
        let box = Box()
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        let subscription = g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Request", "Response", requestPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, user in
                guard let parameters, let user else { return }
                let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
                box.done = true
                let code = g_variant_get_uint32(g_variant_get_child_value(parameters, 0))
                guard code == 0, let results = g_variant_get_child_value(parameters, 1),
                      let uris = g_variant_lookup_value(results, "uris", g_variant_type_new("as")),
                      g_variant_n_children(uris) > 0,
                      let first = g_variant_get_string(g_variant_get_child_value(uris, 0), nil),
                      let url = URL(string: String(cString: first)), url.isFileURL else {
                    box.outcome = .cancelled
                    return
                }
                box.outcome = .chosen(url.path)
            }, unmanaged.toOpaque(), nil)
        defer { g_dbus_connection_signal_unsubscribe(connection, subscription) }

        let options = g_variant_builder_new(g_variant_type_new("a{sv}"))
        func option(_ key: String, _ value: OpaquePointer?) {
            g_variant_builder_add_value(options, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        option("handle_token", g_variant_new_string(token))
        option("modal", g_variant_new_boolean(1))
        if request.saving, let name = request.suggestedName { option("current_name", g_variant_new_string(name)) }
        if let folder = request.folder { option("current_folder", g_variant_new_bytestring(folder)) }
        if !request.filters.isEmpty {
            let list = g_variant_builder_new(g_variant_type_new("a(sa(us))"))
            for (name, patterns) in request.filters {
                let globs = g_variant_builder_new(g_variant_type_new("a(us)"))
                for pattern in patterns {
                    var pair: [OpaquePointer?] = [g_variant_new_uint32(0), g_variant_new_string(pattern)]
                    g_variant_builder_add_value(globs, g_variant_new_tuple(&pair, 2))
                }
                var filter: [OpaquePointer?] = [g_variant_new_string(name), g_variant_builder_end(globs)]
                g_variant_builder_add_value(list, g_variant_new_tuple(&filter, 2))
                g_variant_builder_unref(globs)
            }
            option("filters", g_variant_builder_end(list))
            g_variant_builder_unref(list)
        }
        var arguments: [OpaquePointer?] = [g_variant_new_string(parentWindow), g_variant_new_string(request.title), g_variant_builder_end(options)]
        g_variant_builder_unref(options)
        let parameters = g_variant_new_tuple(&arguments, 3)
        guard let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
            "org.freedesktop.portal.FileChooser", request.saving ? "SaveFile" : "OpenFile", parameters,
            g_variant_type_new("(o)"), G_DBUS_CALL_FLAGS_NONE, 10_000, nil, &error) else {
            return .unavailable(message(error))
        }
        g_variant_unref(reply)
        while !box.done {
            g_main_context_iteration(context, 1)
        }
        return box.outcome
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

extension FileChooser {
    /// Where a chooser starts when the drawing has no file yet: the user's Pictures folder (from
    /// xdg-user-dirs, through GLib), or the home folder.
    public static var picturesFolder: String {
        if let dir = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) {
            let path = String(cString: dir)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { return path }
        }
        return ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
    }
}
