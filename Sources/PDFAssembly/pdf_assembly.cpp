#define POINTERHOLDER_TRANSITION 4
#include "pdf_assembly.h"

#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFOutlineDocumentHelper.hh>
#include <qpdf/QPDFOutlineObjectHelper.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

/* Where each source page went: (source, its object) to the output page (its first copy). */
using PageMap = std::map<std::pair<int, QPDFObjGen>, QPDFObjectHandle>;

/* An outline entry kept: its title, the output page it goes to, whether it is unfolded. */
struct Entry {
    std::string title;
    QPDFObjectHandle page;
    bool open = false;
    std::vector<Entry> kids;
};

/* The most outline entries read per source, and how deep (a file's outline is not trusted). */
const int kMostEntries = 10000;
const int kDeepest = 32;

/* The entries of `items` (a source's outline) whose pages are in the output; an entry whose
 * page is not gives its entries to its parent. */
void keepEntries(std::vector<QPDFOutlineObjectHelper> items, int source, PageMap const &pages, int depth, int &budget,
                 std::vector<Entry> &into) {
    for (auto &item : items) {
        if (budget-- <= 0) return;
        std::vector<Entry> kids;
        if (depth < kDeepest) keepEntries(item.getKids(), source, pages, depth + 1, budget, kids);
        QPDFObjectHandle page = item.getDestPage();
        auto found = page.isDictionary() ? pages.find({source, page.getObjGen()}) : pages.end();
        if (found == pages.end()) {
            for (auto &kid : kids) into.push_back(std::move(kid));
            continue;
        }
        Entry entry;
        entry.title = item.getTitle();
        entry.page = found->second;
        entry.open = item.getCount() > 0;
        entry.kids = std::move(kids);
        into.push_back(std::move(entry));
    }
}

/* Writes `entries` under `parent` (an outline dictionary); returns how many show when it is
 * open (the entries, and those of the open ones). */
int writeEntries(QPDF &out, QPDFObjectHandle parent, std::vector<Entry> const &entries) {
    QPDFObjectHandle previous;
    int shown = 0;
    for (auto const &entry : entries) {
        QPDFObjectHandle item = out.makeIndirectObject(QPDFObjectHandle::newDictionary());
        item.replaceKey("/Title", QPDFObjectHandle::newUnicodeString(entry.title));
        item.replaceKey("/Parent", parent);
        QPDFObjectHandle dest = QPDFObjectHandle::newArray();
        dest.appendItem(entry.page);
        dest.appendItem(QPDFObjectHandle::newName("/XYZ"));
        dest.appendItem(QPDFObjectHandle::newNull());
        dest.appendItem(QPDFObjectHandle::newNull());
        dest.appendItem(QPDFObjectHandle::newNull());
        item.replaceKey("/Dest", dest);
        if (previous.isInitialized()) {
            previous.replaceKey("/Next", item);
            item.replaceKey("/Prev", previous);
        } else {
            parent.replaceKey("/First", item);
        }
        parent.replaceKey("/Last", item);
        int below = writeEntries(out, item, entry.kids);
        if (!entry.kids.empty()) item.replaceKey("/Count", QPDFObjectHandle::newInteger(entry.open ? below : -static_cast<int>(entry.kids.size())));
        shown += 1 + (entry.open ? below : 0);
        previous = item;
    }
    return shown;
}

/* The page a link's destination names (a page of its own file), or an uninitialized handle. */
QPDFObjectHandle destinationPage(QPDFObjectHandle dest, QPDFOutlineDocumentHelper &outlines) {
    if (dest.isName() || dest.isString()) dest = outlines.resolveNamedDest(dest);
    if (dest.isDictionary() && dest.hasKey("/D")) dest = dest.getKey("/D");
    if (dest.isArray() && dest.getArrayNItems() > 0 && dest.getArrayItem(0).isDictionary()) return dest.getArrayItem(0);
    return QPDFObjectHandle();
}

/* The link annotations of the output page `copy` (of source page `original`) sent to the
 * pages where their targets went; those whose target is not in the output go. */
void followLinks(QPDFObjectHandle copy, QPDFObjectHandle original, int source, PageMap const &pages, QPDFOutlineDocumentHelper &outlines) {
    QPDFObjectHandle before = original.getKey("/Annots"), after = copy.getKey("/Annots");
    if (!before.isArray() || !after.isArray() || before.getArrayNItems() != after.getArrayNItems()) return;
    QPDFObjectHandle kept = QPDFObjectHandle::newArray();
    for (int i = 0; i < before.getArrayNItems(); i++) {
        QPDFObjectHandle a = before.getArrayItem(i), b = after.getArrayItem(i);
        bool link = a.isDictionary() && a.getKey("/Subtype").isNameAndEquals("/Link");
        QPDFObjectHandle dest;
        if (link && a.hasKey("/Dest")) {
            dest = a.getKey("/Dest");
        } else if (link && a.getKey("/A").isDictionary() && a.getKey("/A").getKey("/S").isNameAndEquals("/GoTo")) {
            dest = a.getKey("/A").getKey("/D");
        }
        if (!dest.isInitialized() || !b.isDictionary()) {
            kept.appendItem(b);
            continue;
        }
        QPDFObjectHandle target = destinationPage(dest, outlines);
        auto found = target.isInitialized() ? pages.find({source, target.getObjGen()}) : pages.end();
        if (found == pages.end()) continue;
        QPDFObjectHandle explicitDest = QPDFObjectHandle::newArray();
        explicitDest.appendItem(found->second);
        explicitDest.appendItem(QPDFObjectHandle::newName("/Fit"));
        b.removeKey("/A");
        b.replaceKey("/Dest", explicitDest);
        kept.appendItem(b);
    }
    copy.replaceKey("/Annots", kept);
}

/* Lays the drawn page `drawn` over the output page `page`, as a form XObject, the page's own
 * content kept in its own graphics state. */
void overlay(QPDF &out, QPDFPageObjectHelper page, QPDFPageObjectHelper drawn) {
    QPDFObjectHandle made = drawn.getFormXObjectForPage();
    // Cairo writes a page's content as one deflated stream: the form takes those bytes as they
    // are (the form qpdf makes holds the content inflated, which the writer would deflate again:
    // most of the time of a notebook of handwriting).
    QPDFObjectHandle contents = drawn.getObjectHandle().getKey("/Contents");
    if (contents.isArray() && contents.getArrayNItems() == 1) contents = contents.getArrayItem(0);
    if (contents.isStream()) {
        QPDFObjectHandle dict = contents.getDict();
        made.replaceStreamData(contents.getRawStreamData(), dict.getKey("/Filter"), dict.getKey("/DecodeParms"));
    }
    QPDFObjectHandle form = out.copyForeignObject(made);
    // Not a group of its own: a highlighter's multiply reaches the page under it.
    form.getDict().removeKey("/Group");
    QPDFObjectHandle resources = page.getAttribute("/Resources", true);
    if (!resources.isDictionary()) {
        resources = QPDFObjectHandle::newDictionary();
        page.getObjectHandle().replaceKey("/Resources", resources);
    }
    if (!resources.getKey("/XObject").isDictionary()) resources.replaceKey("/XObject", QPDFObjectHandle::newDictionary());
    int suffix = 0;
    std::string name = resources.getUniqueResourceName("/DrawingBoard", suffix);
    resources.getKey("/XObject").replaceKey(name, form);
    std::string placed = page.placeFormXObject(form, name, page.getTrimBox().getArrayAsRectangle(), true, true, true);
    page.addPageContents(QPDFObjectHandle::newStream(&out, "q\n"), true);
    page.addPageContents(QPDFObjectHandle::newStream(&out, "\nQ\n" + placed), false);
}

}  // namespace

extern "C" int pa_assemble(const void *const *drawn_bytes, const size_t *drawn_lengths, int drawn_count, const void *const *source_bytes,
                           const size_t *source_lengths, int source_count, const pa_page *pages, int count, void **out_bytes,
                           size_t *out_length, char *error, size_t error_length) {
    try {
        std::vector<std::unique_ptr<QPDF>> drawn;
        std::vector<QPDFPageObjectHelper> drawnPages;
        for (int d = 0; d < drawn_count; d++) {
            auto pdf = std::make_unique<QPDF>();
            pdf->processMemoryFile("the drawn pages", static_cast<char const *>(drawn_bytes[d]), drawn_lengths[d]);
            for (auto &page : QPDFPageDocumentHelper(*pdf).getAllPages()) drawnPages.push_back(page);
            drawn.push_back(std::move(pdf));
        }
        std::vector<std::unique_ptr<QPDF>> sources;
        std::vector<std::vector<QPDFPageObjectHelper>> sourcePages;
        for (int s = 0; s < source_count; s++) {
            auto pdf = std::make_unique<QPDF>();
            pdf->processMemoryFile("a PDF of the notebook", static_cast<char const *>(source_bytes[s]), source_lengths[s]);
            sourcePages.push_back(QPDFPageDocumentHelper(*pdf).getAllPages());
            sources.push_back(std::move(pdf));
        }
        if (static_cast<int>(drawnPages.size()) != count) throw std::runtime_error("the drawn pages are not the notebook's");

        QPDF out;
        out.emptyPDF();
        QPDFPageDocumentHelper outPages(out);
        PageMap placed;
        // Each page copied (a source page a second time: a page of its own sharing its content).
        std::vector<std::pair<int, QPDFObjectHandle>> fromSources;  // (index into pages, source page)
        for (int i = 0; i < count; i++) {
            pa_page const &p = pages[i];
            if (p.source < 0 || p.source >= source_count) {
                outPages.addPage(drawnPages[i], false);
                continue;
            }
            auto const &list = sourcePages[p.source];
            if (p.page < 0 || p.page >= static_cast<int>(list.size())) throw std::runtime_error("a page the PDF does not have");
            QPDFObjectHandle original = list[p.page].getObjectHandle();
            auto key = std::make_pair(p.source, original.getObjGen());
            auto seen = placed.find(key);
            if (seen == placed.end()) {
                outPages.addPage(list[p.page], false);
                placed[key] = outPages.getAllPages().back().getObjectHandle();
                fromSources.push_back({i, original});
            } else {
                outPages.addPage(QPDFPageObjectHelper(out.makeIndirectObject(seen->second.shallowCopy())), false);
            }
        }
        std::vector<QPDFPageObjectHelper> all = outPages.getAllPages();
        for (int i = 0; i < count; i++) {
            if (pages[i].source >= 0 && pages[i].source < source_count) overlay(out, all[i], drawnPages[i]);
        }
        // Links follow their pages; the outlines of the sources, in the notebook's order.
        std::vector<std::unique_ptr<QPDFOutlineDocumentHelper>> outlines;
        for (auto &pdf : sources) outlines.push_back(std::make_unique<QPDFOutlineDocumentHelper>(*pdf));
        for (auto const &[i, original] : fromSources) followLinks(all[i].getObjectHandle(), original, pages[i].source, placed, *outlines[pages[i].source]);
        std::vector<Entry> entries;
        int budget = kMostEntries;
        for (int s = 0; s < source_count; s++) keepEntries(outlines[s]->getTopLevelOutlines(), s, placed, 1, budget, entries);
        if (!entries.empty()) {
            QPDFObjectHandle root = out.makeIndirectObject(QPDFObjectHandle::newDictionary());
            root.replaceKey("/Type", QPDFObjectHandle::newName("/Outlines"));
            root.replaceKey("/Count", QPDFObjectHandle::newInteger(writeEntries(out, root, entries)));
            out.getRoot().replaceKey("/Outlines", root);
        }

        QPDFWriter writer(out);
        writer.setOutputMemory();
        writer.setObjectStreamMode(qpdf_o_generate);
        writer.write();
        std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
        void *bytes = std::malloc(buffer->getSize() ? buffer->getSize() : 1);
        if (!bytes) throw std::runtime_error("out of memory");
        std::memcpy(bytes, buffer->getBuffer(), buffer->getSize());
        *out_bytes = bytes;
        *out_length = buffer->getSize();
        return 0;
    } catch (std::exception const &e) {
        if (error && error_length) {
            std::strncpy(error, e.what(), error_length - 1);
            error[error_length - 1] = 0;
        }
        return -1;
    }
}

extern "C" void pa_free(void *bytes) { std::free(bytes); }
