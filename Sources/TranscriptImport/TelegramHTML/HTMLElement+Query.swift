import Foundation

/// The few questions the Telegram HTML importer asks of a parsed page.
extension HTMLElement {
    /// The words of the `class` attribute.
    package var classes: [String] {
        (attributes["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    package func hasClass(_ name: String) -> Bool { classes.contains(name) }

    /// The child elements, in order.
    package var elements: [HTMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The first child element of `name` (any name when nil) that has every class of `classes`.
    package func child(_ name: String? = nil, classes wanted: String...) -> HTMLElement? {
        elements.first { element in
            (name == nil || element.name == name) && wanted.allSatisfy(element.hasClass)
        }
    }

    /// Every element below this one (not itself) for which `matches` holds, in document order.
    package func descendants(where matches: (HTMLElement) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        var stack: [HTMLElement] = elements.reversed()
        while let element = stack.popLast() {
            if matches(element) { found.append(element) }
            stack.append(contentsOf: element.elements.reversed())
        }
        return found
    }

    /// The first element below this one for which `matches` holds.
    package func firstDescendant(where matches: (HTMLElement) -> Bool) -> HTMLElement? {
        var stack: [HTMLElement] = elements.reversed()
        while let element = stack.popLast() {
            if matches(element) { return element }
            stack.append(contentsOf: element.elements.reversed())
        }
        return nil
    }

    /// All the text below this element, as it is in the page.
    package var textContent: String {
        var result = ""
        var stack: [HTMLNode] = children.reversed()
        while let node = stack.popLast() {
            switch node {
            case .text(let text): result += text
            case .element(let element): stack.append(contentsOf: element.children.reversed())
            }
        }
        return result
    }

    /// All the text below this element with a space between elements, on one line: what an element this
    /// version does not read is kept as.
    package var spacedText: String {
        var result = ""
        var stack: [HTMLNode] = children.reversed()
        while let node = stack.popLast() {
            switch node {
            case .text(let text): result += text
            case .element(let element):
                result += " "
                stack.append(.text(" "))
                stack.append(contentsOf: element.children.reversed())
            }
        }
        return HTMLElement.collapse(result)
    }

    /// The text as a browser shows it on one line: runs of white space as one space, none at the ends.
    package var collapsedText: String { HTMLElement.collapse(textContent) }

    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
