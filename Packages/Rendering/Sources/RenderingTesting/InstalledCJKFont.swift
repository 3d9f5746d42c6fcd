import Foundation
public import Rendering

/// A Chinese-Japanese-Korean TrueType font installed on this machine, for tests of what DejaVu Sans cannot draw
/// (a fallback font). The repository's scripts install `fonts-droid-fallback` on Debian and Ubuntu; a test that
/// needs the font is skipped where none is installed.
public enum InstalledCJKFont {
    /// Where Debian and Ubuntu put CJK TrueType fonts (`fonts-droid-fallback`, `fonts-wqy-zenhei`,
    /// `fonts-arphic-uming`), in order of preference.
    public static let candidates = [
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        "/usr/share/fonts/truetype/arphic/uming.ttc",
    ]

    /// The first of `candidates` that is a readable font drawing both Chinese (中) and Japanese (あ), or nil.
    public static let installed: (path: String, font: TrueTypeFont)? = {
        for path in candidates {
            guard let data = FileManager.default.contents(atPath: path),
                let font = try? TrueTypeFont(data: data), font.canDraw("中"), font.canDraw("あ")
            else { continue }
            return (path, font)
        }
        return nil
    }()

    /// The path of `installed`, or nil.
    public static var path: String? { installed?.path }
}
