package bench

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"

	"github.com/armgen/armgen/pkg/armfake"
)

// RequestCounts sorts what armfake received: ARM calls by what they were for, and token
// requests apart, as they are not ARM's load.
type RequestCounts struct {
	// ARM is every request under /subscriptions/: the sum of the others but Token.
	ARM int
	// Puts and Deletes on resources; Gets of resources (after an operation, and at resync).
	Puts, Gets, Deletes int
	// Polls are GETs of long-running operations (operationStatuses, operationResults).
	Polls int
	// Other ARM requests (PATCH, POST, lists).
	Other int
	// Token is everything outside ARM: Entra token and discovery requests.
	Token int
	// NotFound are GETs of resources answered 404, apart from Failed: they are what a client
	// reads before it creates (a virtual network, route table or security group is read before
	// its first PUT, to keep the children Azure holds in its body), as Azure Service Operator
	// does; Gets counts them too.
	NotFound int
	// NotFoundBy counts NotFound by ARM type.
	NotFoundBy map[string]int
	// Failed are the other ARM answers of 400 and above, throttling and conflicts included.
	Failed int
	// FailedBy counts Failed by method, status and what was asked: the ARM type of a resource
	// ("GET 404 Microsoft.Network/virtualNetworks"), or "operation" for a poll.
	FailedBy map[string]int
}

// CountRequests sorts reqs.
func CountRequests(reqs []armfake.Request) RequestCounts {
	var c RequestCounts
	for _, r := range reqs {
		if !strings.HasPrefix(strings.ToLower(r.Path), "/subscriptions/") {
			c.Token++
			continue
		}
		c.ARM++
		lower := strings.ToLower(r.Path)
		poll := r.Method == http.MethodGet && (strings.Contains(lower, "/operationstatuses/") || strings.Contains(lower, "/operationresults/"))
		switch {
		case !poll && r.Method == http.MethodGet && r.Status == http.StatusNotFound:
			c.NotFound++
			if c.NotFoundBy == nil {
				c.NotFoundBy = map[string]int{}
			}
			c.NotFoundBy[armType(r.Path)]++
		case r.Status >= 400 || r.Status == 0:
			c.Failed++
			if c.FailedBy == nil {
				c.FailedBy = map[string]int{}
			}
			what := "operation"
			if !poll {
				what = armType(r.Path)
			}
			c.FailedBy[fmt.Sprintf("%s %d %s", r.Method, r.Status, what)]++
		}
		switch {
		case poll:
			c.Polls++
		case r.Method == http.MethodPut:
			c.Puts++
		case r.Method == http.MethodGet:
			c.Gets++
		case r.Method == http.MethodDelete:
			c.Deletes++
		default:
			c.Other++
		}
	}
	return c
}

// armType is the ARM type of the resource path names, or the path when it names none.
func armType(path string) string {
	id, err := arm.ParseResourceID(path)
	if err != nil {
		return path
	}
	return id.ResourceType.String()
}
