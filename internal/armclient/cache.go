package armclient

import (
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

// Cache holds one Client per credential, so that the token a credential caches and the
// connections a pipeline keeps are reused across reconciles. It is safe for concurrent use.
type Cache struct {
	opts Options

	mu      sync.Mutex
	clients map[string]cacheEntry
}

type cacheEntry struct {
	version string
	client  *Client
}

// NewCache makes a cache whose clients share opts (and so their rate limiter and metrics).
func NewCache(opts Options) *Cache {
	return &Cache{opts: opts, clients: map[string]cacheEntry{}}
}

// Get returns the client for the credential called name (the Secret's namespace/name, or
// "global") at version (the Secret's resourceVersion). A new version replaces the client of
// the old one, so an edited Secret takes effect at the next reconcile, and the stale client
// (with its token for the old identity) is dropped.
func (c *Cache) Get(name, version string, cred azcore.TokenCredential) (*Client, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.clients[name]; ok && e.version == version {
		return e.client, nil
	}
	// Built under the lock: New makes no request, and two reconciles racing for the same
	// credential should share one client.
	cl, err := New(cred, c.opts)
	if err != nil {
		return nil, err
	}
	c.clients[name] = cacheEntry{version: version, client: cl}
	return cl, nil
}

// Forget drops the client of a credential, for a Secret that was deleted.
func (c *Cache) Forget(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.clients, name)
}

// Len is the number of clients held.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.clients)
}
