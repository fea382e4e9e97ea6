import { readMarksKey } from '../../shared/read-marks'
import { UNREAD_LINE_KEY, UNREAD_LINE_MARGIN_PX } from '../../shared/timeline'
import { scriptSafeJson } from './markup'

/**
 * The unread line in the drawn room, where the SPA will draw it (web/features/chat/
 * use-unread-line.ts): above the partner's first message newer than what the reader had read,
 * the server's position (`readSeq`) or this device's mark, whichever is newer; the view opened
 * with it at the top when the newest rows would leave it above. Only the browser knows its own
 * mark, so this runs there, before any other script, right after the log it reads. The same
 * rules as the SPA's: none when the first unread message may be older than the drawn rows, nor
 * once the reader has written after it. The label's words are `unreadLineLabel`'s. No "<" in
 * it, as in every drawn script (tests/security/stored-xss.test.ts): comparisons face the other way.
 */
export const unreadScript = (
  paintId: string,
  meId: string,
  roomId: string,
  readSeq: number | null,
  complete: boolean,
) =>
  `<script>(function () {
  var paint = document.getElementById('${paintId}')
  var read = ${readSeq ?? 'null'}
  try {
    var mine = JSON.parse(localStorage.getItem(${scriptSafeJson(readMarksKey(meId))}) || '{}')[${scriptSafeJson(roomId)}]
    if (typeof mine === 'number' && (read === null || mine > read)) read = mine
  } catch (e) {}
  var rows = paint.querySelectorAll('.log-rows [data-seq]')
  if (read === null || !rows.length) return
  if (!${complete} && Number(rows[0].getAttribute('data-seq')) > read) return
  var first = null, n = 0
  for (var i = 0; rows.length > i; i++) {
    var row = rows[i], seq = Number(row.getAttribute('data-seq'))
    if (first && row.classList.contains('mine')) return
    if (read >= seq || !row.classList.contains('theirs') || row.querySelector('.msg-deleted')) continue
    n++
    first = first || row
  }
  if (!first) return
  var line = document.createElement('div')
  line.setAttribute('data-vkey', '${UNREAD_LINE_KEY}')
  var divider = line.appendChild(document.createElement('div'))
  divider.className = 'unread-divider'
  divider.appendChild(document.createElement('span')).textContent =
    n + ' new message' + (n === 1 ? '' : 's')
  first.parentNode.parentNode.insertBefore(line, first.parentNode)
  first.classList.remove('continued')
  var box = paint.querySelector('.message-scroll')
  var place = function () {
    var top = line.getBoundingClientRect().top - box.getBoundingClientRect().top
    if (0 > top) box.scrollTop += top - ${UNREAD_LINE_MARGIN_PX}
  }
  place()
  // The box shrinks when the composer grows (a draft of several lines, filled after this ran or
  // sized by a stylesheet later), and its reversed scroll keeps the bottom: the line stays.
  if (window.ResizeObserver) new ResizeObserver(place).observe(box)
})()</script>`
