import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// What DrawingBoard remembers between runs: the window size and the recent colours, in
/// `$XDG_CONFIG_HOME/drawingboard/settings.json` (default `~/.config/drawingboard`).
public struct AppSettings: Codable, Sendable, Equatable {
    public var windowWidth: Int
    public var windowHeight: Int
    public var recentColors: [String]
    /// What fingers do; nil in settings written before touch modes existed.
    public var touchMode: TouchMode?
    /// The freehand stabiliser; nil in settings written before it existed.
    public var smoothing: Smoothing?
    /// The tool in hand, the pens' and the erasers' widths (nil in older settings).
    public var tool: String?
    public var penWidth: Double?
    public var eraserWidth: Double?
    /// Whether a pen was ever seen (Pen only is chosen the first time, once).
    public var penSeen: Bool?
    /// How a pen's pressure becomes the width (nil: normal).
    public var pressureCurve: PressureCurve?
    /// The pens' colour (hex), the text tool's size and font (nil in older settings).
    public var penColor: String?
    /// The pens' opacity, 0.05...1 (nil in older settings).
    public var penOpacity: Double?
    public var textSize: Double?
    public var textFont: String?
    /// The Brush panel's shape switches that are on ("snap", "centre"; nil when none is).
    public var shapeHelpers: [String]?

    public static let defaultWindow = PixelSize(width: 1100, height: 760)

    public init(windowWidth: Int = AppSettings.defaultWindow.width, windowHeight: Int = AppSettings.defaultWindow.height,
                recentColors: [String] = [], touchMode: TouchMode? = nil) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.recentColors = recentColors
        self.touchMode = touchMode
    }

    /// Takes what the window remembers from `p` (the window's size stays as it is).
    public mutating func take(_ p: Preferences) {
        tool = p.tool.rawValue
        penWidth = p.penWidth
        eraserWidth = p.eraserWidth
        recentColors = p.recentColors.map(\.hex)
        touchMode = p.touchMode
        smoothing = p.smoothing
        penSeen = p.penSeen ? true : nil
        pressureCurve = p.pressureCurve == .normal ? nil : p.pressureCurve
        penColor = p.penColor.hex
        penOpacity = p.penOpacity == 1 ? nil : p.penOpacity
        textSize = p.textSize
        textFont = p.textFont
        let helpers = Self.helperNames.filter { p.shapeHelpers.contains($0.helper) }.map(\.name)
        shapeHelpers = helpers.isEmpty ? nil : helpers
    }

    /// The shape switches by their names in the file.
    static let helperNames: [(name: String, helper: ShapeModifiers)] = [("snap", .constrain), ("centre", .fromCentre)]

    /// The shape switches the file has on; a name this version does not know is left out.
    public var helpers: ShapeModifiers {
        ShapeModifiers(Self.helperNames.filter { shapeHelpers?.contains($0.name) == true }.map(\.helper))
    }

    public static var file: URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: env["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return base.appendingPathComponent("drawingboard/settings.json")
    }

    /// The most a settings file may hold (it holds about a kilobyte).
    static let maxBytes = 1 << 20

    /// The saved settings, or the defaults when there are none. Each value is read on its own:
    /// one that is not what this version knows (a newer version's, or damaged) is left out and
    /// the others load. A file that is not settings at all is kept beside it as
    /// `settings.json.unreadable` (the next save would replace it) and the defaults are used.
    public static func load(from url: URL = file) -> AppSettings {
        guard FileManager.default.fileExists(atPath: url.path) else { return AppSettings() }
        guard let data = try? RegularFile.read(url.path, limit: maxBytes, noun: "settings file"),
              var settings = try? JSONDecoder().decode(AppSettings.self, from: data) else {
            let aside = url.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.copyItem(at: url, to: aside)
            return AppSettings()
        }
        settings.windowWidth = min(max(settings.windowWidth, 320), 16384)
        settings.windowHeight = min(max(settings.windowHeight, 240), 16384)
        // Widths come from a file: only finite values in the slider's range are taken.
        func width(_ w: Double?) -> Double? { w.flatMap { $0.isFinite && (1...200).contains($0) ? $0.rounded() : nil } }
        settings.penWidth = width(settings.penWidth)
        settings.eraserWidth = width(settings.eraserWidth)
        if settings.penColor.flatMap(RGBColor.init(hex:)) == nil { settings.penColor = nil }
        // Below 5% the pen would seem to draw nothing at the next start: the default instead.
        settings.penOpacity = settings.penOpacity.flatMap { $0.isFinite && (0.05...1).contains($0) ? $0 : nil }
        settings.textSize = width(settings.textSize)
        // A family name as a text may have one (the page's own check), else the default.
        if let font = settings.textFont, (try? TextStyle(text: "x", font: font).validate(at: "textFont")) == nil { settings.textFont = nil }
        return settings
    }

    public func save(to url: URL = file) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(self), toPath: url.path)
    }

    public var colors: [RGBColor] { recentColors.compactMap(RGBColor.init(hex:)) }

    enum CodingKeys: String, CodingKey {
        case windowWidth, windowHeight, recentColors, touchMode, smoothing, tool, penWidth, eraserWidth, penSeen, pressureCurve
        case penColor, penOpacity, textSize, textFont, shapeHelpers
    }

    /// Every value on its own: one of a kind this version does not know is nil (or the
    /// default), not the end of the others. Only a file that is no JSON object fails.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys) -> T? { (try? c.decodeIfPresent(T.self, forKey: key)) ?? nil }
        windowWidth = value(.windowWidth) ?? Self.defaultWindow.width
        windowHeight = value(.windowHeight) ?? Self.defaultWindow.height
        recentColors = value(.recentColors) ?? []
        touchMode = value(.touchMode)
        smoothing = value(.smoothing)
        tool = value(.tool)
        penWidth = value(.penWidth)
        eraserWidth = value(.eraserWidth)
        penSeen = value(.penSeen)
        pressureCurve = value(.pressureCurve)
        penColor = value(.penColor)
        penOpacity = value(.penOpacity)
        textSize = value(.textSize)
        textFont = value(.textFont)
        shapeHelpers = value(.shapeHelpers)
    }
}

/// Finds the app's assets (icons, examples) from where the binary is: installed
/// (`PREFIX/bin/drawingboard` with `PREFIX/share/drawingboard`), or in the source tree (a build
/// folder below the repository's `Assets`). `DRAWINGBOARD_ASSETS` overrides both.
public enum AssetLocator {
    public static func assets(executable: URL) -> URL? {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["DRAWINGBOARD_ASSETS"], fm.fileExists(atPath: override) {
            return URL(fileURLWithPath: override)
        }
        let bin = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = bin.deletingLastPathComponent().appendingPathComponent("share/drawingboard")
        if fm.fileExists(atPath: installed.appendingPathComponent("icons/ui").path) { return installed }
        var folder = bin
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Assets")
            if fm.fileExists(atPath: candidate.appendingPathComponent("icons/ui").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
