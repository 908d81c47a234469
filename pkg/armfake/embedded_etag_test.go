package armfake

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// putIfMatch PUTs body with an If-Match header and returns the status.
func putIfMatch(t *testing.T, s *Server, path, etag string, body any) (int, string) {
	t.Helper()
	data, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPut, s.URL()+path, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("If-Match", etag)
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// TestParentEtagFollowsEmbeddedChildren: as in ARM, a virtual network's etag changes when one of
// its subnets is created, changed or deleted on its own, so a PUT of the network with If-Match
// on the etag of an earlier GET is refused (412) rather than deleting a subnet made since; with
// the etag of a GET made after, it passes.
func TestParentEtagFollowsEmbeddedChildren(t *testing.T) {
	s := networkServer(t)
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	expect(t, call(t, s, "PUT", vnet+vnetAPI, vnetBody("a")), 201, "")
	etag := func() string {
		t.Helper()
		e, _ := call(t, s, "GET", vnet+vnetAPI, nil).body["etag"].(string)
		if e == "" {
			t.Fatal("the virtual network has no etag")
		}
		return e
	}
	first := etag()
	if again := etag(); again != first {
		t.Fatalf("two GETs, two etags: %s, %s", first, again)
	}
	subnet := map[string]any{"properties": map[string]any{"addressPrefix": "10.0.9.0/24"}}
	expect(t, call(t, s, "PUT", vnet+"/subnets/b"+vnetAPI, subnet), 201, "")
	second := etag()
	if second == first {
		t.Fatal("creating a subnet left the network's etag as it was")
	}
	if status, raw := putIfMatch(t, s, vnet+vnetAPI, first, vnetBody("a")); status != http.StatusPreconditionFailed {
		t.Fatalf("PUT with the etag from before the subnet: %d %s, want 412", status, raw)
	}
	expect(t, call(t, s, "GET", vnet+"/subnets/b"+vnetAPI, nil), 200, "")
	subnet["properties"].(map[string]any)["addressPrefix"] = "10.0.7.0/24"
	expect(t, call(t, s, "PUT", vnet+"/subnets/b"+vnetAPI, subnet), 200, "")
	third := etag()
	if third == second {
		t.Fatal("changing a subnet left the network's etag as it was")
	}
	if r := call(t, s, "DELETE", vnet+"/subnets/b"+vnetAPI, nil); r.status != 200 && r.status != 202 {
		t.Fatalf("DELETE of the subnet: %d %s", r.status, r.raw)
	}
	// A GET of the subnet is a poll of its deletion, as ARM's GET-based pollers do.
	for i := 0; call(t, s, "GET", vnet+"/subnets/b"+vnetAPI, nil).status != 404; i++ {
		if i == 20 {
			t.Fatal("the subnet was not deleted")
		}
	}
	fourth := etag()
	if fourth == third {
		t.Fatal("deleting a subnet left the network's etag as it was")
	}
	if status, raw := putIfMatch(t, s, vnet+vnetAPI, fourth, vnetBody("a")); status != http.StatusOK {
		t.Fatalf("PUT with the current etag: %d %s", status, raw)
	}
}
