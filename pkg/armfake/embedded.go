package armfake

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
)

// Some ARM resources hold their child resources twice: as resources of their own (a virtual
// network's subnets at .../virtualNetworks/vn/subnets/sn) and as a collection in their own body
// (properties.subnets). ARM answers a GET of the parent with every child in that collection,
// and treats the collection in a PUT of the parent as the whole truth: children it lists are
// created or updated, the others are deleted, and a PUT that leaves the collection out deletes
// them all. Only virtual networks at api-version 2023-09-01 and later keep their subnets when
// the PUT leaves them out. This is what makes a PUT of a virtual network without its subnets
// dangerous, and armfake keeps it so that clients are tested against it.
//
// A collection is embedded when a child type of the catalogue (Microsoft.Network/routeTables/
// routes) has, in the parent's PUT body, an array of the same name under properties whose items
// have a name (routeTables' properties.routes).

// embedded is one embedded child collection of a resource type.
type embedded struct {
	segment string // the child type's last segment and the array's name: subnets
	child   *resourceType
}

// childTypes lists the types directly below a type (virtualNetworks/subnets below
// virtualNetworks), from an index built on first use.
func (c *catalogue) childTypes(armType string) []*resourceType {
	c.childOnce.Do(func() {
		c.children = map[string][]*resourceType{}
		for key, t := range c.types {
			if i := strings.LastIndex(key, "/"); i > strings.Index(key, "/") {
				c.children[key[:i]] = append(c.children[key[:i]], t)
			}
		}
		for _, list := range c.children {
			slices.SortFunc(list, func(a, b *resourceType) int { return strings.Compare(a.ARMType, b.ARMType) })
		}
	})
	return c.children[strings.ToLower(armType)]
}

// embeddedCollections are the child collections a type's body embeds at the api-version ops
// describes.
func (c *catalogue) embeddedCollections(armType string, ops *typeOps) []embedded {
	children := c.childTypes(armType)
	if len(children) == 0 || ops == nil {
		return nil
	}
	props := property(ops.body, "properties")
	var out []embedded
	for _, t := range children {
		seg := t.ARMType[strings.LastIndex(t.ARMType, "/")+1:]
		arr := property(props, seg)
		if arr == nil || !arr.Type.Contains("array") {
			continue
		}
		if item := itemSchema(arr); item == nil || property(item, "name") == nil {
			continue
		}
		out = append(out, embedded{segment: seg, child: t})
	}
	return out
}

// omittedKeeps says a PUT that leaves the collection out keeps the children: virtual networks
// from api-version 2023-09-01 on.
func omittedKeeps(parentType, segment, apiVersion string) bool {
	return strings.EqualFold(parentType, "Microsoft.Network/virtualNetworks") && strings.EqualFold(segment, "subnets") &&
		apiVersion >= "2023-09-01"
}

// syncEmbedded makes the children of the resource st match the collections in body, as a PUT
// (or a PATCH that names a collection) of the parent does, and takes the collections out of
// body: the children are their only copy. omitted says what a collection left out means: true
// for a PUT (delete the children, unless omittedKeeps), false for a PATCH (keep them). A child
// whose body does not change keeps its etag. The caller holds s.mu.
func (s *Server) syncEmbedded(st *stored, ops *typeOps, body map[string]any, omitted bool, who string, now time.Time) {
	cols := s.cat.embeddedCollections(st.armType, ops)
	if len(cols) == 0 {
		return
	}
	props, _ := body["properties"].(map[string]any)
	for _, e := range cols {
		raw, present := props[e.segment]
		delete(props, e.segment)
		existing := s.store.list(st.id, e.child.ARMType, false)
		if !present {
			if omitted && !omittedKeeps(st.armType, e.segment, st.apiVersion) {
				for _, c := range existing {
					s.store.remove(c.id)
				}
			}
			continue
		}
		items, _ := raw.([]any)
		keep := map[string]bool{}
		for _, it := range items {
			m, ok := it.(map[string]any)
			if !ok {
				continue
			}
			name, _ := m["name"].(string)
			if name == "" {
				continue
			}
			id := st.id + "/" + e.segment + "/" + name
			keep[strings.ToLower(id)] = true
			childBody := deepCopy(m).(map[string]any)
			for _, k := range []string{"id", "name", "type", "etag", "systemData"} {
				delete(childBody, k)
			}
			apiVersion := st.apiVersion
			if e.child.versions[apiVersion] == nil {
				apiVersion = slices.Max(e.child.sortedVersions())
			}
			c := s.store.get(id)
			if c == nil {
				s.store.put(&stored{id: id, armType: e.child.ARMType, apiVersion: apiVersion, body: childBody,
					provisioningState: "Succeeded", etag: newEtag(), created: now, modified: now, createdBy: who})
				continue
			}
			if s.sameBody(e.child, c.apiVersion, c.body, childBody) {
				continue
			}
			c.apiVersion, c.body, c.modified, c.etag = apiVersion, childBody, now, newEtag()
		}
		for _, c := range existing {
			if !keep[strings.ToLower(c.id)] {
				s.store.remove(c.id)
			}
		}
	}
	if props != nil && len(props) == 0 {
		delete(body, "properties")
	}
}

// sameBody says two bodies of a type mean the same once the schema's defaults are filled in.
func (s *Server) sameBody(t *resourceType, apiVersion string, a, b map[string]any) bool {
	x, y := deepCopy(a).(map[string]any), deepCopy(b).(map[string]any)
	if tv := t.versions[apiVersion]; tv != nil {
		if ops, err := tv.operations(); err == nil {
			applyDefaults(x, ops.response, 0)
			applyDefaults(y, ops.response, 0)
		}
	}
	return reflect.DeepEqual(x, y)
}

// renderEmbedded fills the embedded collections of a rendered parent with its children as they
// are, sorted by ID. The caller holds s.mu.
func (s *Server) renderEmbedded(st *stored, ops *typeOps, out map[string]any) {
	cols := s.cat.embeddedCollections(st.armType, ops)
	if len(cols) == 0 {
		return
	}
	props, ok := out["properties"].(map[string]any)
	if !ok {
		props = map[string]any{}
		out["properties"] = props
	}
	for _, e := range cols {
		list := []any{}
		for _, c := range s.store.list(st.id, e.child.ARMType, false) {
			list = append(list, s.renderLocked(c))
		}
		props[e.segment] = list
	}
}

// childIndex is the catalogue's index of child types, built on first use.
type childIndex struct {
	childOnce sync.Once
	children  map[string][]*resourceType
}
