package schemaform

import (
	"container/list"
	"sync"
)

// Bounds of the caches servers feed: a server can send any number of
// distinct schemas and patterns, so each cache forgets its least recently
// used entries past its bound. The bounds hold what one large server
// needs at once (linting a thousand tools compiles a few hundred
// validators for their defaults) at a few megabytes of memory.
const (
	validatorCacheSize = 2048
	patternCacheSize   = 2048
)

// lru is a map of at most limit entries that forgets the least recently
// used one to make room. The zero value with a limit is ready to use, and
// it is safe for concurrent use.
type lru[K comparable, V any] struct {
	limit int

	mu    sync.Mutex
	items map[K]*list.Element // of lruEntry[K, V]
	order list.List           // front: most recently used
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

// get returns the value for k and marks it used.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(lruEntry[K, V]).val, true
}

// put stores v for k, forgetting the least recently used entry when the
// cache is full.
func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil {
		c.items = map[K]*list.Element{}
	}
	if e, ok := c.items[k]; ok {
		e.Value = lruEntry[K, V]{k, v}
		c.order.MoveToFront(e)
		return
	}
	c.items[k] = c.order.PushFront(lruEntry[K, V]{k, v})
	for c.order.Len() > c.limit {
		oldest := c.order.Back()
		delete(c.items, oldest.Value.(lruEntry[K, V]).key)
		c.order.Remove(oldest)
	}
}

// len is how many entries the cache holds.
func (c *lru[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
