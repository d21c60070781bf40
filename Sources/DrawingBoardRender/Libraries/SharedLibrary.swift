import Glibc

/// A C library opened when first needed (dlopen) rather than linked, so that a session that
/// never needs it never has its pages resident (`RsvgLibrary`, `PopplerLibrary`). Its
/// functions are looked up by name, typed by the caller as the library's header declares them.
struct SharedLibrary {
    private let handle: UnsafeMutableRawPointer

    /// The library by its file name (`librsvg-2.so.2`), or nil when it is not installed.
    init?(_ name: String) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return nil }
        self.handle = handle
    }

    /// The function `name` as `type` (a `@convention(c)` function type), or nil when the
    /// library has none of that name.
    func function<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(handle, name).map { unsafeBitCast($0, to: type) }
    }

    /// Gives the library back (when a function it must have is missing).
    func close() { dlclose(handle) }
}
