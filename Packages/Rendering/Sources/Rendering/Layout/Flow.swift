/// A horizontal slice of a page that is never split: one line of a block, or one line of a table row.
struct Strip {
    /// The height the strip takes, in points.
    let height: Double
    /// Draws the strip whose top edge is at the given PDF y coordinate.
    let draw: (inout PDFContentStream, _ top: Double) -> Void
    /// Further columns of a side-by-side block (index 0 is the second column). They are drawn after the last
    /// strip of the same `block` on the page, column by column, so text extraction reads each column whole
    /// instead of alternating lines of neighbouring columns.
    var columns: [(inout PDFContentStream, _ top: Double) -> Void] = []
    /// Identifies the side-by-side block the strip belongs to; 0 for none.
    var block = 0
    /// The strip never starts a page: when it must move to the next page, the strip before it moves too (the
    /// totals take the table's last row with them).
    var keepWithPrevious = false

    init(
        height: Double, block: Int = 0, keepWithPrevious: Bool = false,
        columns: [(inout PDFContentStream, Double) -> Void] = [],
        draw: @escaping (inout PDFContentStream, Double) -> Void
    ) {
        self.height = height
        self.block = block
        self.keepWithPrevious = keepWithPrevious
        self.columns = columns
        self.draw = draw
    }
}

/// Consecutive content with an optional header repeated at the top of every page the section continues on.
struct FlowSection {
    /// Repeated on each page where the section has content (the table header).
    var repeatedHeader: Strip?
    /// Strips that stay on one page together (a table row, the totals block). A group taller than a whole page
    /// is the only thing ever split, between two of its strips, so no content is lost.
    var groups: [[Strip]]
    /// Vertical space before the section, dropped at the top of a page.
    var spaceBefore: Double = 0
}

/// Where content may go on a page.
struct PageFrame {
    /// The y of the first content on page 1.
    let firstPageTop: Double
    /// The y of the first content on later pages (below the running header).
    let laterPageTop: Double
    /// The lowest y content may reach (above the footer).
    let bottom: Double

    func top(ofPage index: Int) -> Double { index == 0 ? firstPageTop : laterPageTop }
}

/// A strip at its final position.
struct Placement {
    let strip: Strip
    let top: Double
}

/// Draws one page's placements, holding back the further columns of side-by-side blocks until the block ends.
enum PageDrawer {
    static func draw(_ placements: [Placement], into stream: inout PDFContentStream) {
        var pending: [[(draw: (inout PDFContentStream, Double) -> Void, top: Double)]] = []
        var block = 0
        func flush() {
            for column in pending {
                for item in column { item.draw(&stream, item.top) }
            }
            pending.removeAll(keepingCapacity: true)
        }
        for placement in placements {
            if placement.strip.block != block {
                flush()
                block = placement.strip.block
            }
            placement.strip.draw(&stream, placement.top)
            for (index, column) in placement.strip.columns.enumerated() {
                if pending.count <= index { pending.append([]) }
                pending[index].append((column, placement.top))
            }
        }
        flush()
    }
}

/// Distributes sections over pages: groups never split unless taller than a page, section headers repeat.
enum Paginator {
    static func paginate(_ sections: [FlowSection], in frame: PageFrame) -> [[Placement]] {
        var pages: [[Placement]] = [[]]
        var cursor = frame.firstPageTop

        func startPage() {
            pages.append([])
            cursor = frame.top(ofPage: pages.count - 1)
        }
        func place(_ strip: Strip) {
            pages[pages.count - 1].append(Placement(strip: strip, top: cursor))
            cursor -= strip.height
        }

        for section in sections {
            if !(pages.last?.isEmpty ?? true) { cursor -= section.spaceBefore }
            var headerOnPage = false
            let headerHeight = section.repeatedHeader?.height ?? 0
            for group in section.groups {
                let height = group.reduce(0) { $0 + $1.height }
                let needed = height + (section.repeatedHeader != nil && !headerOnPage ? headerHeight : 0)
                if cursor - needed < frame.bottom && !(pages.last?.isEmpty ?? true) {
                    startPage()
                    headerOnPage = false
                }
                if let header = section.repeatedHeader, !headerOnPage {
                    place(header)
                    headerOnPage = true
                }
                if cursor - height >= frame.bottom {
                    for strip in group { place(strip) }
                    continue
                }
                // A group taller than a page is split between units: single strips, except that strips kept
                // with their predecessor form one unit with it.
                for unit in units(of: group) {
                    let unitHeight = unit.reduce(0) { $0 + $1.height }
                    let contentOnPage = (pages.last?.count ?? 0) - (headerOnPage ? 1 : 0)
                    if cursor - unitHeight < frame.bottom && contentOnPage > 0 {
                        startPage()
                        headerOnPage = false
                        if let header = section.repeatedHeader {
                            place(header)
                            headerOnPage = true
                        }
                    }
                    for strip in unit { place(strip) }
                }
            }
        }
        return pages
    }

    /// The strips of a group in units that never split: a strip, or a strip with the strips kept with it.
    private static func units(of group: [Strip]) -> [[Strip]] {
        var units: [[Strip]] = []
        for strip in group {
            if strip.keepWithPrevious, !units.isEmpty {
                units[units.count - 1].append(strip)
            } else {
                units.append([strip])
            }
        }
        return units
    }
}
