import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Form, useNavigate } from 'react-router';
import { SearchIcon } from '../../common/components/Icons.jsx';
import { useT } from '../../i18n/index.js';
import { searchTextChanged, selectSearchText } from '../../features/search/searchSlice.js';

// A real GET form, so it also works before hydration or without JavaScript.
export default function SearchBox({ className = '' }) {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const stored = useSelector(selectSearchText);
  const [text, setText] = useState(stored);
  // Follow the shared text when a search page sets it (navigation, back button): adjusted
  // during render, as React advises for state derived from a changing value.
  const [followed, setFollowed] = useState(stored);
  if (followed !== stored) {
    setFollowed(stored);
    setText(stored);
  }
  const submit = (event) => {
    event.preventDefault();
    dispatch(searchTextChanged(text.trim()));
    navigate(`/search-product?q=${encodeURIComponent(text.trim())}`);
  };
  return (
    <Form method="get" action="/search-product" onSubmit={submit} role="search" className={`relative ${className}`}>
      <input
        name="q"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-gray-200 bg-gray-50 pl-4 pr-11 text-sm outline-none focus:border-gray-400 focus:bg-white"
      />
      <button
        type="submit"
        aria-label={t('search.submit')}
        className="absolute right-1 top-1 flex h-8 w-9 items-center justify-center rounded-full text-gray-600 hover:bg-gray-200"
      >
        <SearchIcon className="h-5 w-5" />
      </button>
    </Form>
  );
}
