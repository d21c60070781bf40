import DrawingBoardCore
import Foundation

/// The interface's icons: SVG files from `Assets/icons/ui`, rasterised once per size with
/// librsvg (or taken from the `IconCache`) and drawn tinted (they are single-colour shapes used
/// as masks).
public final class IconSet {
    public let directory: URL?
    private let cache: IconCache?
    private var surfaces: [String: CairoSurface] = [:]
    private var missing: Set<String> = []

    /// `cacheDirectory`: where rasterised icons are kept between starts (none when nil).
    public init(directory: URL?, cacheDirectory: URL? = nil) {
        self.directory = directory
        cache = cacheDirectory.map(IconCache.init)
    }

    /// Whether an icon file exists for `name`.
    public func has(_ name: String) -> Bool {
        guard let directory else { return false }
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(name).svg").path)
    }

    /// The icon rasterised at `side` pixels, or nil when there is no such icon.
    func surface(_ name: String, side: Int) -> CairoSurface? {
        let key = "\(name)@\(side)"
        if let cached = surfaces[key] { return cached }
        guard !missing.contains(key), let surface = rasterised(name, side: side) else {
            missing.insert(key)
            return nil
        }
        surfaces[key] = surface
        return surface
    }

    private func rasterised(_ name: String, side: Int) -> CairoSurface? {
        guard let directory, side > 0,
              let svg = try? RegularFile.read(directory.appendingPathComponent("\(name).svg").path, limit: 1 << 20),
              let surface = try? CairoSurface(format: .argb32, size: PixelSize(width: side, height: side)) else { return nil }
        let all = PixelRect(x: 0, y: 0, width: side, height: side)
        if let pixels = cache?.pixels(name, svg: svg, side: side) {
            surface.write(pixels, into: all)
            return surface
        }
        guard let cr = try? CairoContext(surface),
              SVGRenderer.render(svg, on: cr.handle, width: Double(side), height: Double(side)) else { return nil }
        surface.flush()
        cache?.keep(surface.read(all), name, svg: svg, side: side)
        return surface
    }
}
