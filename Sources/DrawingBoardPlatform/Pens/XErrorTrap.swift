import CSDL2

/// Runs X requests that may fail (a device unplugged between finding it and using it) with
/// their errors caught: SDL's X error handler hands errors on to Xlib's, which ends the app.
enum XErrorTrap {
    nonisolated(unsafe) private static var failed = false

    /// Whether `body`'s requests all succeeded.
    @discardableResult
    static func run(_ display: OpaquePointer, _ body: () -> Void) -> Bool {
        XSync(display, 0)
        failed = false
        let previous = XSetErrorHandler { _, _ in
            XErrorTrap.failed = true
            return 0
        }
        body()
        XSync(display, 0)
        XSetErrorHandler(previous)
        return !failed
    }
}
