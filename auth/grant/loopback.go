package grant

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// callbackPath is the loopback redirect URI's path.
const callbackPath = "/callback"

// Loopback is the redirect URI's listener on 127.0.0.1 (RFC 8252 section
// 7.3). The browser's redirect lands here; the waiting flow gets its
// query and tells the page what to say.
type Loopback struct {
	ln   net.Listener
	srv  *http.Server
	done chan struct{}
	wg   sync.WaitGroup

	closeOnce sync.Once
	closeErr  error

	mu     sync.Mutex
	waiter *waiter
}

// waiter is one flow waiting for its callback.
type waiter struct {
	got  chan delivery
	gone chan struct{}
	used bool
}

// delivery is one callback handed to the flow, and where the flow sends
// the words the browser's page shows.
type delivery struct {
	query url.Values
	reply chan string
}

// Listen starts the loopback listener on 127.0.0.1:port, a free port when
// port is 0.
func Listen(port int) (*Loopback, error) {
	if port < 0 || port > 65535 {
		return nil, fmt.Errorf("redirect port %d: not a TCP port (0 picks a free one)", port)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("listen for the redirect on 127.0.0.1:%d: %w", port, err)
	}
	l := &Loopback{ln: ln, done: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+callbackPath, l.serveCallback)
	l.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		_ = l.srv.Serve(ln) // returns http.ErrServerClosed once Close runs
	}()
	return l, nil
}

// RedirectURI is "http://127.0.0.1:PORT/callback".
func (l *Loopback) RedirectURI() string {
	return "http://" + l.ln.Addr().String() + callbackPath
}

// Close stops the listener and answers any browser still waiting. It
// may be called more than once, from any goroutine.
func (l *Loopback) Close() error {
	l.closeOnce.Do(func() {
		close(l.done)
		l.closeErr = l.srv.Close()
	})
	l.wg.Wait()
	return l.closeErr
}

// wait registers the flow that takes the next callback. Only one flow
// waits at a time; the returned func unregisters it.
func (l *Loopback) wait() (<-chan delivery, func()) {
	w := &waiter{got: make(chan delivery, 1), gone: make(chan struct{})}
	l.mu.Lock()
	l.waiter = w
	l.mu.Unlock()
	return w.got, func() {
		l.mu.Lock()
		if l.waiter == w {
			l.waiter = nil
		}
		l.mu.Unlock()
		close(w.gone)
	}
}

// take hands the callback to the waiting flow unless it already had one:
// only the first callback of a flow counts, so a second request (a
// reload, another page hitting the port) cannot change its outcome.
func (l *Loopback) take(d delivery) (*waiter, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	w := l.waiter
	if w == nil || w.used {
		return nil, false
	}
	w.used = true
	w.got <- d
	return w, true
}

// serveCallback answers the browser in plain text, with toolbench's own
// words only: the query comes from whoever sent the browser here, so none
// of it is echoed.
func (l *Loopback) serveCallback(rw http.ResponseWriter, r *http.Request) {
	h := rw.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	// The page's URL holds the code; keep it out of any Referer.
	h.Set("Referrer-Policy", "no-referrer")
	// A page served from another name (DNS rebinding) has no business
	// here; browsers and FetchAgent name the address they were sent to.
	if r.Host != l.ln.Addr().String() {
		rw.WriteHeader(http.StatusMisdirectedRequest)
		fmt.Fprintln(rw, "toolbench answers only at "+l.RedirectURI()+".")
		return
	}
	d := delivery{query: r.URL.Query(), reply: make(chan string, 1)}
	w, ok := l.take(d)
	if !ok {
		rw.WriteHeader(http.StatusConflict)
		fmt.Fprintln(rw, "toolbench is not waiting for an authorization here (it finished, or has not started). You can close this tab.")
		return
	}
	var words string
	select {
	case words = <-d.reply:
	case <-w.gone:
		// The flow replies before it stops waiting, so a reply may be
		// ready even though select chose this case.
		select {
		case words = <-d.reply:
		default:
			words = "toolbench stopped waiting for this authorization. Return to toolbench to try again."
		}
	case <-r.Context().Done():
		return
	case <-l.done:
		words = "toolbench stopped waiting for this authorization."
	}
	fmt.Fprintln(rw, words)
}
