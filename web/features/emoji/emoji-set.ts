// The composer's emoji, in the groups of Unicode's emoji list, most used first. A few hundred
// rather than all 3,700: the system's own emoji keyboard (Win+., Ctrl+Cmd+Space, a phone's) types
// any other straight into the box, and this list costs the chunk about 1.2 KB gzipped.
const list = (text: string) => text.trim().split(/\s+/)

export const EMOJI_GROUPS: { name: string; icon: string; emoji: string[] }[] = [
  {
    name: 'Smileys',
    icon: '😀',
    emoji: list(`
      😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😗 😚 😋 😛 😜 🤪 😝 🤑 🤗 🤭 🤫 🤔
      🤐 🤨 😐 😑 😶 😏 😒 🙄 😬 😌 😔 😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🥵 🥶 🥴 😵 🤯 🤠 🥳 😎 🤓 🧐
      😕 😟 🙁 😮 😯 😲 😳 🥺 😦 😧 😨 😰 😥 😢 😭 😱 😖 😣 😞 😓 😩 😫 🥱 😤 😡 😠 🤬 😈 💀
      💩 🤡 👻 👽 🤖 😺 😸 😹 😻 😼 😽 🙀 😿 😾 🙈 🙉 🙊`),
  },
  {
    name: 'People',
    icon: '👋',
    emoji: list(`
      👋 🤚 🖐️ ✋ 🖖 👌 🤏 ✌️ 🤞 🤟 🤘 🤙 👈 👉 👆 👇 ☝️ 👍 👎 ✊ 👊 🤛 🤜 👏 🙌 👐 🤲 🤝 🙏
      ✍️ 💪 🧠 👀 👄 💋 👶 🧒 👦 👧 🧑 👨 👩 🧓 👴 👵 💃 🕺 👯 🧖 🚶 🏃 💑 👪`),
  },
  {
    name: 'Hearts',
    icon: '❤️',
    emoji: list(`❤️ 🧡 💛 💚 💙 💜 🖤 🤍 🤎 💔 ❣️ 💕 💞 💓 💗 💖 💘 💝 💟 ♥️ 💌 🌹 💐 💍 💎`),
  },
  {
    name: 'Nature',
    icon: '🌸',
    emoji: list(`
      🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮 🐷 🐸 🐵 🐔 🐧 🐦 🦆 🦉 🐝 🦋 🐌 🐞 🐢 🐍 🐙 🐠 🐬
      🐳 🌸 🌼 🌻 🌺 🌷 🌱 🌲 🌴 🍀 🍁 🍂 🌈 ☀️ 🌤️ 🌧️ ⛄ 🌙 ⭐ ✨ 🔥 ❄️ ⚡ 🌊`),
  },
  {
    name: 'Food and drink',
    icon: '🍕',
    emoji: list(`
      🍎 🍊 🍋 🍌 🍉 🍇 🍓 🍒 🍑 🥭 🍍 🥥 🥑 🍅 🥕 🌽 🌶️ 🥐 🍞 🧀 🥚 🍳 🥞 🥓 🍔 🍟 🍕 🌭 🥪
      🌮 🍝 🍜 🍣 🍱 🍦 🍩 🍪 🎂 🍰 🍫 🍿 ☕ 🍵 🍺 🍻 🥂 🍷 🍸 🍹`),
  },
  {
    name: 'Activities and travel',
    icon: '⚽',
    emoji: list(`
      ⚽ 🏀 🏈 🎾 🏐 🏓 🥊 🚴 🏊 🧘 🎮 🎲 🎯 🎸 🎹 🎧 🎤 🎬 🎨 🎁 🎉 🎊 🎈 🏆 🥇 🚗 🚕 🚌 🚲
      ✈️ 🚀 🚢 🏠 🏖️ 🏔️ 🗺️ 🧳 ⛺`),
  },
  {
    name: 'Objects and symbols',
    icon: '💡',
    emoji: list(`
      📱 💻 ⌚ 📷 💡 📚 ✏️ 📌 📎 🔑 🔒 💰 💳 📅 ⏰ ☎️ 📦 ✉️ 🛒 💊 ✅ ❌ ❓ ❗ ⚠️ 💯 🆗 🆕 🔔
      💤 💬 💭 ➕ ➖ ✔️ 🔴 🟢 🔵 ⬆️ ⬇️ ➡️ ⬅️`),
  },
]
