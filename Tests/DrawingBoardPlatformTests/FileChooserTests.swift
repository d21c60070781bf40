import Foundation
import Testing
@testable import DrawingBoardPlatform

/// The chooser programs, found on the search path when no portal answers.
@Suite struct FileChooserTests {
    func folder(with programs: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-choosers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, body) in programs {
            let url = dir.appendingPathComponent(name)
            try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        return dir
    }

    func answer(_ chooser: FileChooser, _ request: FileChooser.Request) -> FileChooser.Answer? {
        chooser.ask(request)
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if let a = chooser.takeAnswers().first { return a }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    @Test func kdialogAnswersWhenThereIsNoZenity() throws {
        let dir = try folder(with: ["kdialog": #"echo "$@" > "$(dirname "$0")/args"; echo /home/me/picture.ora"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let chooser = FileChooser(wake: {})
        chooser.busAddress = nil
        chooser.searchPath = dir.path
        let a = answer(chooser, FileChooser.Request(id: 7, title: "Save Drawing", saving: true, suggestedName: "Untitled.ora",
                                                    filters: [("OpenRaster", ["*.ora"])]))
        #expect(a?.id == 7 && a?.path == "/home/me/picture.ora" && a?.error == nil, "\(String(describing: a))")
        let args = try String(contentsOf: dir.appendingPathComponent("args"), encoding: .utf8)
        #expect(args.contains("--getsavefilename Untitled.ora *.ora|OpenRaster"), "\(args)")
    }

    @Test func zenityIsPreferredAndACancelIsNoError() throws {
        let dir = try folder(with: ["zenity": "exit 1", "kdialog": "echo /wrong"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let chooser = FileChooser(wake: {})
        chooser.busAddress = nil
        chooser.searchPath = dir.path
        let a = answer(chooser, FileChooser.Request(id: 1, title: "Open", saving: false))
        #expect(a != nil && a?.path == nil && a?.error == nil)
    }

    @Test func theChooserStartsInTheGivenFolder() throws {
        let dir = try folder(with: ["zenity": #"echo "$@" > "$(dirname "$0")/args"; echo /home/me/a.ora"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        let chooser = FileChooser(wake: {})
        chooser.busAddress = nil
        chooser.searchPath = dir.path
        _ = answer(chooser, FileChooser.Request(id: 3, title: "Save Drawing", saving: true, suggestedName: "Untitled.ora", folder: "/home/me/Pictures"))
        var args = try String(contentsOf: dir.appendingPathComponent("args"), encoding: .utf8)
        #expect(args.contains("--filename=/home/me/Pictures/Untitled.ora"), "\(args)")
        _ = answer(chooser, FileChooser.Request(id: 4, title: "Background Image", saving: false, folder: "/home/me/Pictures"))
        args = try String(contentsOf: dir.appendingPathComponent("args"), encoding: .utf8)
        #expect(args.contains("--filename=/home/me/Pictures/") && !args.contains("--save"), "\(args)")
    }

    @Test func withNoChooserAtAllTheAnswerSaysSo() throws {
        let dir = try folder(with: [:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let chooser = FileChooser(wake: {})
        chooser.busAddress = nil
        chooser.searchPath = dir.path
        let a = answer(chooser, FileChooser.Request(id: 2, title: "Open", saving: false))
        #expect(a?.path == nil)
        #expect(a?.error == "No file chooser is available: there is no desktop portal, and neither zenity nor kdialog is installed.")
    }
}
