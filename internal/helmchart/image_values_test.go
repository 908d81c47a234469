package helmchart

import (
	"strings"
	"testing"
)

// TestImageValuesMustBeImageReferences: image.repository and image.tag are written into the
// Deployment unquoted, as a container image must be; a value that is no image reference (a
// space, a colon after a space, a newline, a template brace) would break the YAML or add fields
// to the pod (armctl export template --version passes its argument as image.tag). Such a value
// is refused at render naming the value, while registry hosts with ports, paths, tags and
// digests stay accepted.
func TestImageValuesMustBeImageReferences(t *testing.T) {
	ch, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	image := func(repo, tag string) map[string]any {
		return map[string]any{"image": map[string]any{"repository": repo, "tag": tag}}
	}
	for _, tc := range []struct {
		name, repo, tag, want string
	}{
		{"tag adding a field", "armgen-controller", "v1\n        securityContext: {privileged: true}", "/image/tag"},
		{"tag with a colon and space", "armgen-controller", "v1: x", "/image/tag"},
		{"repository with a space", "my registry/armgen", "", "/image/repository"},
		{"repository with a brace", "{{ .Values }}", "", "/image/repository"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Template(ch, image(tc.repo, tc.tag), DefaultRelease)
			if err == nil {
				t.Fatalf("rendered:\n%s", deploymentImageLines(out))
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("the error does not name %s: %v", tc.want, err)
			}
		})
	}
	for _, ok := range [][2]string{
		{"mcr.microsoft.com/k8s/armgen", "v0.2.0"},
		{"localhost:5000/team/armgen:v1", ""},
		{"registry.example.com/armgen@sha256:" + strings.Repeat("ab", 32), ""},
		{"armgen-controller", "v0.0.0-20251126084000-abcdef123456"},
	} {
		if _, err := Template(ch, image(ok[0], ok[1]), DefaultRelease); err != nil {
			t.Errorf("image %s tag %q refused: %v", ok[0], ok[1], err)
		}
	}
}

func deploymentImageLines(out string) string {
	i := strings.Index(out, "image: ")
	if i < 0 {
		return out
	}
	return out[i:min(len(out), i+200)]
}
