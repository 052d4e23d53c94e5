package widget

// Listing is where a list asked of the server stands (resources/list,
// prompts/list): the request on its way, and the connection the list
// came from, so a reconnect lists again and a stale reply is dropped.
type Listing struct {
	// Loading is the request on its way, 0 for none; Gen is the
	// connection the list came from; Loaded says one answer arrived.
	Loading, Gen int
	Loaded       bool
	// Undeclared says the server declares no capability for the list, so
	// it was not asked.
	Undeclared bool
	// Err is why the last listing failed.
	Err error
	seq int
}

// Start numbers a new request and marks it on its way.
func (l *Listing) Start() int {
	l.seq++
	l.Loading = l.seq
	return l.seq
}

// Take records the reply to request req from connection gen, unless a
// newer request has started since; it reports whether it took it.
func (l *Listing) Take(req, gen int, err error, undeclared bool) bool {
	if req != l.Loading {
		return false
	}
	l.Loading, l.Loaded, l.Gen, l.Err, l.Undeclared = 0, true, gen, err, undeclared
	return true
}

// Stale reports whether the list must be asked for (again) on
// connection gen: never listed, or listed on an older connection.
func (l *Listing) Stale(gen int) bool { return !l.Loaded || l.Gen != gen }
