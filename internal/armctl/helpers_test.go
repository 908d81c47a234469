package armctl

import (
	"net/http"
	"strings"
)

func newPut(url, body string) (*http.Request, error) {
	r, err := http.NewRequest(http.MethodPut, url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	r.Header.Set("Content-Type", "application/json")
	return r, nil
}
