// Runs DrawingBoard's real window and event loop, and pushes touch events into it with
// SDL_PushEvent, so they go through the same queue and translation as a touchscreen's. Used by
// the end-to-end touch tests only: neither Xvfb nor nested weston has a touchscreen. Not shipped.
//
// Commands on standard input, one per line (X and Y from 0 to 1 across the window):
//   down FINGER X Y     move FINGER X Y     up FINGER X Y     sleep MILLISECONDS
import CSDL2
import DrawingBoardApp
import DrawingBoardCore
import DrawingBoardUI
import Foundation

let touchDevice: Int64 = 42

func push(_ type: SDL_EventType, finger: Int64, x: Float, y: Float) {
    var event = SDL_Event()
    event.type = type.rawValue
    event.tfinger.touchId = touchDevice
    event.tfinger.fingerId = finger
    event.tfinger.x = x
    event.tfinger.y = y
    event.tfinger.pressure = 1
    SDL_PushEvent(&event)
}

let runner: AppRunner
do {
    runner = try AppRunner(windowSize: PixelSize(width: 1000, height: 700), savePath: nil, settings: AppSettings.load())
} catch {
    FileHandle.standardError.write(Data("touch harness: \(error)\n".utf8))
    exit(1)
}

Thread.detachNewThread {
    while let line = readLine() {
        let parts = line.split(separator: " ")
        guard let verb = parts.first else { continue }
        if verb == "sleep", parts.count == 2, let ms = Double(parts[1]) {
            Thread.sleep(forTimeInterval: ms / 1000)
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
