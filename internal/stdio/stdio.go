// Package stdio puts an mcp-go server on stdio: newline-delimited JSON-RPC
// over a pair of streams, answering every request it read before it
// returns. The demo server, the mock and the test fixtures all serve stdio
// through it, so they share one loop and its guarantees.
package stdio

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Option configures Serve.
type Option func(*options)

// options collects the options of one Serve call.
type options struct {
	cancelAtEOF bool
}

// CancelAtEOF makes Serve cancel the requests still running when its input
// ends, instead of letting them finish. They are still answered. Test
// servers use it so that a client that closes their stdin is not kept
// waiting by a call that would run for seconds.
func CancelAtEOF() Option {
	return func(o *options) { o.cancelAtEOF = true }
}

// Serve serves srv as newline-delimited JSON-RPC over in and out until in
// ends (returning nil) or ctx is cancelled (returning ctx.Err(), with every
// running request cancelled). Whichever way it ends, it returns only once
// every request it read has been answered on out: a client that writes its
// requests and closes the stream at once still gets every reply. A read
// that is blocked when ctx is cancelled stays blocked until in returns;
// close in to release it.
//
// Unlike mcp-go's StdioServer it gives every call of Serve its own session,
// so any number of connections may share a process and a server, and it
// writes a request's notifications before its response.
func Serve(ctx context.Context, srv *server.MCPServer, in io.Reader, out io.Writer, opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	sess := newSession()
	if err := srv.RegisterSession(ctx, sess); err != nil {
		return fmt.Errorf("register stdio session: %w", err)
	}
	defer srv.UnregisterSession(ctx, sess.SessionID())

	ctx, cancel := context.WithCancel(srv.WithContext(ctx, sess))
	defer cancel()
	c := &conn{srv: srv, sess: sess, out: out, responses: make(chan mcp.JSONRPCMessage)}
	writerDone := make(chan struct{})
	writerStop := make(chan struct{})
	go func() {
		defer close(writerDone)
		c.writeLoop(writerStop)
	}()

	err := Lines(ctx, in, "stdio", func(line []byte) error {
		c.dispatch(ctx, line)
		return nil
	})
	if o.cancelAtEOF {
		cancel()
	}
	c.requests.Wait()
	close(writerStop)
	<-writerDone
	return err
}

// conn is one Serve connection.
type conn struct {
	srv       *server.MCPServer
	sess      *session
	out       io.Writer
	responses chan mcp.JSONRPCMessage
	requests  sync.WaitGroup
	running   running
}

// head is the part of a message that decides how it is dispatched.
type head struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// dispatch serves requests concurrently, so a notifications/cancelled can
// overtake the call it cancels, and handles everything else in order.
// Lines that are not JSON go to mcp-go too, which answers a parse error.
func (c *conn) dispatch(ctx context.Context, line []byte) {
	var h head
	if json.Unmarshal(line, &h) != nil {
		c.reply(c.srv.HandleMessage(ctx, line))
		return
	}
	id, isRequest := requestKey(h.ID)
	switch {
	case isRequest && h.Method != "":
		reqCtx, done := c.running.start(ctx, id)
		c.requests.Go(func() {
			defer done()
			c.reply(c.srv.HandleMessage(reqCtx, line))
		})
		return
	case h.Method == string(mcp.MethodNotificationCancelled):
		// Before mcp-go sees it: the request may not have reached mcp-go's
		// own table of running requests yet, and the hooks of OnCancelled
		// run as the notification is read.
		c.running.cancel(h.Params)
	}
	c.reply(c.srv.HandleMessage(ctx, line))
}

// reply hands a response to the writer; notifications have none.
func (c *conn) reply(msg mcp.JSONRPCMessage) {
	if msg != nil {
		c.responses <- msg
	}
}

// writeLoop is the only writer of out. Before each response it drains the
// notifications already queued, which includes every notification the
// request's handler sent, so progress never arrives after the result.
func (c *conn) writeLoop(stop <-chan struct{}) {
	for {
		select {
		case note := <-c.sess.notes:
			c.write(note)
		case msg := <-c.responses:
			c.drainNotifications()
			c.write(msg)
		case <-stop:
			c.drainNotifications()
			return
		}
	}
}

// drainNotifications writes every queued notification without waiting.
func (c *conn) drainNotifications() {
	for {
		select {
		case note := <-c.sess.notes:
			c.write(note)
		default:
			return
		}
	}
}

// write sends one message as a line. A failed write means the client has
// gone; the read side notices that too, so the error is dropped here.
func (c *conn) write(msg any) {
	data, err := json.Marshal(msg)
	if err != nil {
		return
	}
	_, _ = c.out.Write(append(data, '\n'))
}
