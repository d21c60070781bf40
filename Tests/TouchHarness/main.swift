// Runs DrawingBoard's real window and event loop, and pushes touch events into it with
// SDL_PushEvent, so they go through the same queue and translation as a touchscreen's. Used by
// the end-to-end touch tests only: neither Xvfb nor nested weston has a touchscreen. Not shipped.
//
// Commands on standard input, one per line (X and Y from 0 to 1 across the window):
//   down FINGER X Y     move FINGER X Y     up FINGER X Y     sleep MILLISECONDS
//   pen down|move|up X Y PRESSURE: a pen as sdl2-compat delivers it (SDL 3 standing in for
//     SDL 2): a finger of touch id -2 with its pressure, and a mouse copy with `which` -2.
import CSDL2
import DrawingBoardApp
import DrawingBoardCore
import DrawingBoardUI
import Foundation

let touchDevice: Int64 = 42

/// Wakes the window's loop as a touchscreen's events on the X connection would (the loop waits
/// on that connection, not on SDL's queue).
nonisolated(unsafe) var wake: @Sendable () -> Void = {}

func push(_ type: SDL_EventType, finger: Int64, x: Float, y: Float, device: Int64 = touchDevice, pressure: Float = 1) {
    var event = SDL_Event()
    event.type = type.rawValue
    event.tfinger.touchId = device
    event.tfinger.fingerId = finger
    event.tfinger.x = x
    event.tfinger.y = y
    event.tfinger.pressure = pressure
    SDL_PushEvent(&event)
    wake()
}

/// sdl2-compat's pen: the finger (touch id -2) and its mouse copy (which -2), in window points.
func pushPen(_ verb: Substring, x: Float, y: Float, pressure: Float) {
    let type: SDL_EventType = verb == "down" ? SDL_FINGERDOWN : verb == "up" ? SDL_FINGERUP : SDL_FINGERMOTION
    push(type, finger: 1, x: x, y: y, device: -2, pressure: pressure)
    var copy = SDL_Event()
    let wx = Int32(x * 1000), wy = Int32(y * 700)
    if verb == "move" {
        copy.type = SDL_MOUSEMOTION.rawValue
        copy.motion.which = UInt32.max - 1
        copy.motion.state = 1
        copy.motion.x = wx
        copy.motion.y = wy
    } else {
        copy.type = (verb == "down" ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
        copy.button.which = UInt32.max - 1
        copy.button.button = UInt8(SDL_BUTTON_LEFT)
        copy.button.x = wx
        copy.button.y = wy
    }
    SDL_PushEvent(&copy)
    wake()
}

let runner: AppRunner
do {
    runner = try AppRunner(windowSize: PixelSize(width: 1000, height: 700), savePath: nil, settings: AppSettings.load())
} catch {
    FileHandle.standardError.write(Data("touch harness: \(error)\n".utf8))
    exit(1)
}

wake = runner.window.waker

Thread.detachNewThread {
    while let line = readLine() {
        let parts = line.split(separator: " ")
        guard let verb = parts.first else { continue }
        if verb == "sleep", parts.count == 2, let ms = Double(parts[1]) {
            Thread.sleep(forTimeInterval: ms / 1000)
            continue
        }
        if verb == "pen", parts.count == 5, let x = Float(parts[2]), let y = Float(parts[3]), let p = Float(parts[4]) {
            pushPen(parts[1], x: x, y: y, pressure: p)
            continue
        }
        guard parts.count == 4, let finger = Int64(parts[1]), let x = Float(parts[2]), let y = Float(parts[3]) else { continue }
        switch verb {
        case "down": push(SDL_FINGERDOWN, finger: finger, x: x, y: y)
        case "move": push(SDL_FINGERMOTION, finger: finger, x: x, y: y)
        case "up": push(SDL_FINGERUP, finger: finger, x: x, y: y)
        default: break
        }
    }
}

_ = runner.run()
