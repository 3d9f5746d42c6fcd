/// The matching structure of a route table: a trie over path segments, one per origin plus one for path-only
/// patterns.
///
/// Each node keeps its outgoing edges by kind and tries them in a fixed order (literal, typed parameters from
/// the most specific, `*`, then `**`), backtracking when a branch dead-ends. Because the order comes from the
/// edges and not from when routes were added, the winner never depends on registration order. Every node sits at
/// one depth, so one match visits each node at most once: the cost is bounded by the table, whatever the URL.
struct RouteTrie: Sendable {
    enum Edge: Hashable, Sendable {
        case literal(String)
        case parameter(ParameterType)
        case wildcard
        case remainder
    }

    private struct ParameterEdge: Sendable {
        let type: ParameterType
        let child: Int
    }

    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameters: [ParameterEdge] = []
        var wildcard: Int?
        var remainderRoute: Int?
        var route: Int?
    }

    /// Node 0 is the root of path-only patterns.
    private var nodes = [Node()]
    /// Roots of origin-specific patterns, by host first: hashing one string and comparing the scheme and port is
    /// cheaper than hashing a whole origin on every match.
    private var roots: [String: [(scheme: String, port: Int?, node: Int)]] = [:]

    /// Adds a route; the caller guarantees no other route has the same origin and edges.
    mutating func insert(origin: Origin?, edges: [Edge], route: Int) {
        var current: Int
        if let origin {
            if let root = root(of: origin) {
                current = root
            } else {
                current = newNode()
                roots[origin.host, default: []].append((origin.scheme, origin.port, current))
            }
        } else {
            current = 0
        }
        for edge in edges {
            switch edge {
            case .literal(let text):
                if let child = nodes[current].literals[text] {
                    current = child
                } else {
                    let child = newNode()
                    nodes[current].literals[text] = child
                    current = child
                }
            case .parameter(let type):
                if let existing = nodes[current].parameters.first(where: { $0.type == type }) {
                    current = existing.child
                } else {
                    let child = newNode()
                    nodes[current].parameters.append(ParameterEdge(type: type, child: child))
                    nodes[current].parameters.sort { $0.type.precedence < $1.type.precedence }
                    current = child
                }
            case .wildcard:
                if let child = nodes[current].wildcard {
                    current = child
                } else {
                    let child = newNode()
                    nodes[current].wildcard = child
                    current = child
                }
            case .remainder:
                nodes[current].remainderRoute = route
                return
            }
        }
        nodes[current].route = route
    }

    /// The route that `segments` (decoded) under `origin` lead to: the origin's own routes first, then path-only
    /// patterns.
    func match(origin: Origin?, segments: [String]) -> Int? {
        if let origin, let root = root(of: origin), let route = match(node: root, segments: segments, index: 0) {
            return route
        }
        return match(node: 0, segments: segments, index: 0)
    }

    private func match(node index: Int, segments: [String], index position: Int) -> Int? {
        guard position < segments.count else { return nodes[index].route ?? nodes[index].remainderRoute }
        let segment = segments[position]
        if let child = nodes[index].literals[segment],
            let route = match(node: child, segments: segments, index: position + 1)
        {
            return route
        }
        if !segment.isEmpty {
            for edge in nodes[index].parameters where edge.type.accepts(segment) {
                if let route = match(node: edge.child, segments: segments, index: position + 1) { return route }
            }
            if let child = nodes[index].wildcard,
                let route = match(node: child, segments: segments, index: position + 1)
            {
                return route
            }
        }
        return nodes[index].remainderRoute
    }

    private func root(of origin: Origin) -> Int? {
        guard let candidates = roots[origin.host] else { return nil }
        for candidate in candidates where candidate.scheme == origin.scheme && candidate.port == origin.port {
            return candidate.node
        }
        return nil
    }

    private mutating func newNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }
}
