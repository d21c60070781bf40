import Foundation

/// Commands for the touch harness (`AppUnderTest.touch`) in a window of 1000x700 pixels,
/// given in window pixels: single fingers, and the two-finger gestures the tests repeat.
enum Fingers {
    static let width = 1000.0, height = 700.0

    /// A finger command at window pixel (x, y).
    static func at(_ verb: String, _ finger: Int, _ x: Double, _ y: Double) -> String {
        "\(verb) \(finger) \(x / width) \(y / height)"
    }

    /// Two fingers at `x1` and `x2` on the line `y`, moved apart `by` pixels each in steps of
    /// 5 (so twice as far apart for `by` = the half distance), then lifted.
    static func spread(_ x1: Double, _ x2: Double, y: Double, by: Double) -> [String] {
        let steps = Int(by / 5)
        var commands = [at("down", 1, x1, y), at("down", 2, x2, y)]
        for i in 1...steps { commands += [at("move", 1, x1 - Double(i) * 5, y), at("move", 2, x2 + Double(i) * 5, y), "sleep 10"] }
        return commands + [at("up", 1, x1 - by, y), at("up", 2, x2 + by, y)]
    }

    /// Two fingers `radius` either side of `center` on a level line, turned a quarter about it
    /// (clockwise on the screen) in steps of 10 degrees, then lifted, the line upright.
    static func quarterTurn(about center: (x: Double, y: Double), radius r: Double) -> [String] {
        var commands = [at("down", 1, center.x - r, center.y), at("down", 2, center.x + r, center.y)]
        for i in 1...9 {
            let a = Double(i) * 10 * .pi / 180
            commands += [at("move", 1, center.x - r * cos(a), center.y - r * sin(a)), at("move", 2, center.x + r * cos(a), center.y + r * sin(a)), "sleep 10"]
        }
        return commands + [at("up", 1, center.x, center.y - r), at("up", 2, center.x, center.y + r)]
    }
}
