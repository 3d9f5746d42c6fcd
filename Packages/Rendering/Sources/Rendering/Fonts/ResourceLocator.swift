import Foundation

/// Finds the files SwiftPM copies from `Sources/Rendering/Resources` without `Bundle.module`.
///
/// SwiftPM puts them in a folder beside the binary it builds (`Rendering_Rendering.resources` on Linux and Windows,
/// `Rendering_Rendering.bundle` on Apple platforms) and generates `Bundle.module` to find it; but that accessor stops
/// the process (`fatalError`) when the folder is missing, and on Linux it also looks in the absolute path of the
/// build folder, so a binary works on the machine that built it and dies on the server it is copied to. This lookup
/// only answers nil, so ``InvoiceFonts/dejaVuSans()`` throws `missingResource` and ``InvoiceFonts/default`` falls
/// back to the standard 14 fonts, as documented, and it looks only where a shipped binary can carry the folder.
struct ResourceLocator: Sendable {
    /// The names SwiftPM gives the folder: Linux and Windows, then Apple platforms.
    static let folderNames = ["Rendering_Rendering.resources", "Rendering_Rendering.bundle"]
    /// Names a resource folder somewhere else (a binary in `/usr/bin`, its resources in `/usr/share/<app>`).
    static let environmentVariable = "RENDERING_RESOURCES"

    /// The resource folders tried, in order. Each holds the resources directly (Linux, Windows, iOS) or under
    /// `Contents/Resources` (a macOS bundle).
    let resourceFolders: [URL]

    /// Tries exactly `resourceFolders`, in order.
    init(resourceFolders: [URL]) {
        var seen = Set<String>()
        self.resourceFolders = resourceFolders.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// Tries `explicit` (a resource folder itself), then a folder of each of ``folderNames`` in each of
    /// `searchFolders`.
    init(explicit: URL?, searchFolders: [URL]) {
        let named = searchFolders.flatMap { folder in
            Self.folderNames.map { folder.appendingPathComponent($0, isDirectory: true) }
        }
        self.init(resourceFolders: (explicit.map { [$0] } ?? []) + named)
    }

    /// Where a binary can carry the folder: the path in ``environmentVariable``, then beside the app's resources
    /// (an app bundle: Xcode copies the folder there), a framework's resources, the executable or shared library
    /// that holds this code (the `Bundle(for:)` of Linux, which has no bundles), and the executable.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ResourceLocator {
        let explicit = environment[environmentVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let framework = Bundle(for: BundleMarker.self)
        let searchFolders: [URL?] = [
            Bundle.main.resourceURL,
            framework.resourceURL,
            imageFolder(),
            Bundle.main.bundleURL,
            Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
        ]
        return ResourceLocator(explicit: explicit, searchFolders: searchFolders.compactMap { $0 })
    }

    /// The file `name` in `subfolder` of the first resource folder that has it, or nil.
    func url(of name: String, in subfolder: String) -> URL? {
        for folder in resourceFolders {
            for layout in ["", "Contents/Resources/"] {
                let file = folder.appendingPathComponent(layout + subfolder + "/" + name, isDirectory: false)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue {
                    return file
                }
            }
        }
        return nil
    }

    /// The folder `subfolder` of the first resource folder that has it, or nil.
    func folder(_ subfolder: String) -> URL? {
        for folder in resourceFolders {
            for layout in ["", "Contents/Resources/"] {
                let candidate = folder.appendingPathComponent(layout + subfolder, isDirectory: true)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), isFolder.boolValue {
                    return candidate
                }
            }
        }
        return nil
    }

    /// The folder of the executable or shared library this code was linked into: on Linux `Bundle(for:)` answers
    /// the main bundle even for code in a shared library, so the mapping that holds this image's handle is read from
    /// `/proc/self/maps`. Nil elsewhere (Apple platforms have `Bundle(for:)`) and when the file cannot be read.
    static func imageFolder() -> URL? {
        #if os(Linux) || os(Android)
        guard let maps = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? maps.close() }
        // `/proc` files report no size, so they are read to their end rather than by their length.
        let text = String(decoding: maps.readDataToEndOfFile(), as: UTF8.self)
        return imagePath(containing: UInt(bitPattern: #dsohandle), maps: text).map {
            URL(fileURLWithPath: $0).deletingLastPathComponent()
        }
        #else
        return nil
        #endif
    }

    /// The file mapped at `address` according to `maps`, in the format of `/proc/<pid>/maps` (`start-end perms
    /// offset device inode path`, addresses in hexadecimal), or nil when no file is mapped there.
    static func imagePath(containing address: UInt, maps: String) -> String? {
        for line in maps.split(separator: "\n") {
            guard let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                let low = UInt(line[..<dash], radix: 16),
                let high = UInt(line[line.index(after: dash)..<space], radix: 16),
                low <= address, address < high, let slash = line.firstIndex(of: "/")
            else { continue }
            var path = String(line[slash...])
            if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
            return path
        }
        return nil
    }
}

/// A class of this module, for `Bundle(for:)`.
private final class BundleMarker {}
