import DrawingBoardCore
import Foundation

/// The interface's icons: SVG files from `Assets/icons/ui`, rasterised once per size with
/// librsvg and drawn tinted (they are single-colour shapes used as masks).
public final class IconSet {
    public let directory: URL?
    private var cache: [String: CairoSurface] = [:]
    private var missing: Set<String> = []

    public init(directory: URL?) {
        self.directory = directory
    }

    /// Whether an icon file exists for `name`.
    public func has(_ name: String) -> Bool {
        guard let directory else { return false }
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(name).svg").path)
    }

    /// The icon rasterised at `side` pixels, or nil when there is no such icon.
    func surface(_ name: String, side: Int) -> CairoSurface? {
        let key = "\(name)@\(side)"
        if let cached = cache[key] { return cached }
        guard !missing.contains(key), let directory, side > 0,
              let surface = try? CairoSurface(format: .argb32, size: PixelSize(width: side, height: side)),
              let cr = try? CairoContext(surface),
              SVGRenderer.render(path: directory.appendingPathComponent("\(name).svg").path, on: cr.handle,
                                 width: Double(side), height: Double(side)) else {
            missing.insert(key)
            return nil
        }
        cache[key] = surface
        return surface
    }
}
