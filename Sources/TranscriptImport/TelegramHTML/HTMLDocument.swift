import CLibXML2
import Foundation

/// A node of a parsed HTML page: an element or a run of text (entities decoded).
package enum HTMLNode: Sendable, Equatable {
    case element(HTMLElement)
    case text(String)
}

/// An element of a parsed HTML page, copied out of libxml2 into Swift values: its name (lowercased), its
/// attributes and its children in document order.
package struct HTMLElement: Sendable, Equatable {
    package var name: String
    package var attributes: [String: String]
    package var children: [HTMLNode]
    /// The line of the page its start tag is on (0 when unknown), for messages about it.
    package var line: Int

    package init(name: String, attributes: [String: String] = [:], children: [HTMLNode] = [], line: Int = 0) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.line = line
    }
}

/// HTML parsing: the only file that imports `CLibXML2`, and the owner of all of its C memory. libxml2's HTML
/// parser (the one browsers' rules are modelled on: unclosed tags, entities, stray markup are repaired, never
/// refused) reads the bytes, the tree is copied into `HTMLElement`s, and the C document is freed before
/// `parse` returns. The network is never used (`HTML_PARSE_NONET`) and the parser's complaints are not
/// printed (`HTML_PARSE_NOERROR`, `HTML_PARSE_NOWARNING`).
package enum HTMLDocument {
    /// Elements nested deeper than this keep their text only (one text node), so that a hostile page cannot
    /// exhaust the stack of the thread that reads it (libxml2 itself stops
    /// parsing at 256 levels).
    static let maximumDepth = 128

    /// libxml2 is thread-safe once it is initialised, which must happen once, before any other call.
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// The page's root element (`html`), or nil when the bytes hold no element at all. Bytes are read as UTF-8.
    package static func parse(_ data: Data) -> HTMLElement? {
        _ = initialised
        guard data.count < Int(Int32.max) else { return nil }
        let options = Int32(bitPattern: HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let document: htmlDocPtr? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return htmlReadMemory(base, Int32(buffer.count), nil, "UTF-8", options)
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        return element(root, depth: 0)
    }

    private static func element(_ node: xmlNodePtr, depth: Int) -> HTMLElement {
        let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name {
                attributes[String(cString: attributeName).lowercased()] = text(of: current.pointee.children)
            }
            attribute = current.pointee.next
        }
        var children: [HTMLNode] = []
        let line = Int(xmlGetLineNo(node))
        if depth >= maximumDepth {
            let content = text(of: node.pointee.children)
            if !content.isEmpty { children.append(.text(content)) }
            return HTMLElement(name: name, attributes: attributes, children: children, line: line)
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(.element(element(current, depth: depth + 1)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { children.append(.text(String(cString: content))) }
            default:
                break  // comments, processing instructions: not content
            }
            child = current.pointee.next
        }
        return HTMLElement(name: name, attributes: attributes, children: children, line: line)
    }

    /// The text of a list of sibling nodes and everything below them, without recursion.
    private static func text(of first: xmlNodePtr?) -> String {
        var result = ""
        var stack: [xmlNodePtr] = []
        var node = first
        while true {
            if let current = node {
                switch current.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content { result += String(cString: content) }
                case XML_ELEMENT_NODE:
                    if let next = current.pointee.next { stack.append(next) }
                    node = current.pointee.children
                    continue
                default:
                    break
                }
                node = current.pointee.next
            } else if let next = stack.popLast() {
                node = next
            } else {
                break
            }
        }
        return result
    }
}
