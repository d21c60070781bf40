import CSDL2

/// SDL 2.26 asks the X server for the raw motion of every pointer over the whole screen, which
/// it reads only in relative mouse mode (never used here). Every motion event then came twice,
/// as core motion and as raw motion, and each cost a read, a pass through SDL's queue and the
/// X server's delivery. Raw buttons and touches stay selected: they keep SDL's global pointer
/// state fresh.
enum X11RawMotion {
    /// Stops the raw motion that SDL selected on the root window of `window`'s display.
    static func deselect(window handle: OpaquePointer) {
        guard let display = X11Handles(handle)?.display else { return }
        let root = XDefaultRootWindow(display)
        let selected = X11PenSelection.selected(display, on: root)
        guard var bytes = selected[XIAllMasterDevices], Int(XI_RawMotion) / 8 < bytes.count else { return }
        bytes[Int(XI_RawMotion) / 8] &= ~UInt8(1 << (XI_RawMotion % 8))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            XErrorTrap.run(display) { _ = XISelectEvents(display, root, &mask, 1) }
        }
    }
}
