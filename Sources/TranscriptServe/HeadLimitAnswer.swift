import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request whose head is over `HeadLimits` with `431 Request Header Fields Too Large` and closes.
///
/// NIO's HTTP decoder stops at the first byte over a limit with `HTTPParserError.headerOverflow`, the same error for
/// the three limits, so a long request target gets the 431 too. Hummingbird would answer every parse error with
/// 400 Bad Request; this handler sits between the decoder and Hummingbird and takes this one error. It sends the
/// answer once the responses to the requests before it on the connection are sent (a client may send several
/// without waiting), ends its side of the connection and reads and drops what the client still sends for up to a
/// second before closing: a socket closed with unread bytes sends a reset, which would make the client lose the
/// answer.
final class HeadLimitAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long what the client still sends is read and dropped after the answer.
    static let drainingTime: TimeAmount = .seconds(1)

    private enum State {
        /// Requests go on to Hummingbird.
        case reading
        /// A head was over the limits: the answer waits for the responses still being sent.
        case waitingToAnswer
        /// The answer was sent; everything read is dropped (the decoder reports each read as an error of its own).
        case answered
    }

    private var state = State.reading
    /// The requests handed on to Hummingbird, and the responses it finished: equal when none is being answered.
    private var requestsHandedOn = 0
    private var responsesEnded = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard state == .reading else { return }
        if case .head = unwrapInboundIn(data) { requestsHandedOn += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { responsesEnded += 1 }
        context.write(data, promise: promise)
        if state == .waitingToAnswer, responsesEnded >= requestsHandedOn { answer(context) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard state == .reading else { return }
        guard case .headerOverflow = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        if responsesEnded >= requestsHandedOn {
            answer(context)
        } else {
            state = .waitingToAnswer
        }
    }

    private func answer(_ context: ChannelHandlerContext) {
        state = .answered
        let body = context.channel.allocator.buffer(string: HeadLimits.explanation)
        var head = HTTPResponse(status: .init(code: 431, reasonPhrase: "Request Header Fields Too Large"))
        head.headerFields = [
            .contentType: "text/plain; charset=utf-8", .contentLength: String(body.readableBytes),
            .cacheControl: "no-cache", .xContentTypeOptions: "nosniff", .connection: "close",
        ]
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
        }
        channel.eventLoop.scheduleTask(in: Self.drainingTime) {
            channel.close(promise: nil)
        }
    }
}
