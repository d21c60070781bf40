import Foundation

/// The folder DrawingBoard keeps what it can make again in: `$XDG_CACHE_HOME/drawingboard`, by
/// default `~/.cache/drawingboard` (the rasterised icons).
public enum CacheFolder {
    public static var url: URL {
        let env = ProcessInfo.processInfo.environment
        if let cache = env["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("drawingboard")
        }
        let home = env["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/drawingboard")
    }

    /// The rasterised icons (`IconCache`).
    public static var icons: URL { url.appendingPathComponent("icons") }
}
